import ArgumentParser
import Testing

@testable import nfcrig

/// The option values several verbs share are refused with the option's name.
@Suite struct CommandLineValuesTests {
    @Test func aTimeoutWithItsUnitIsParsed() throws {
        #expect(
            try CommandLineValues.positiveDuration("20s", argument: "--timeout") == .seconds(20))
        #expect(
            try CommandLineValues.positiveDuration("250ms", argument: "--timeout")
                == .milliseconds(250))
    }

    @Test func aZeroTimeoutIsRefusedNamingTheOption() {
        #expect {
            _ = try CommandLineValues.positiveDuration("0s", argument: "--timeout")
        } throws: { error in
            (error as? ValidationError)?.message == "--timeout 0s: must be above 0"
        }
    }

    @Test func aTimeoutWithoutUnitIsRefusedNamingTheOption() {
        #expect {
            _ = try CommandLineValues.positiveDuration("20", argument: "--timeout")
        } throws: { error in
            (error as? ValidationError)?.message.hasPrefix("--timeout") == true
        }
    }

    @Test func anUnknownSelectionIsNamedSorted() {
        #expect {
            try CommandLineValues.checkSelection(
                "air,zz,aa", known: ["air", "stack_overhead"], noun: "measurement")
        } throws: { error in
            (error as? ValidationError)?.message == "--only: unknown measurement(s) aa, zz"
        }
    }

    @Test func aKnownSelectionOrNoneIsAccepted() throws {
        try CommandLineValues.checkSelection("air", known: ["air", "stack_overhead"], noun: "x")
        try CommandLineValues.checkSelection(nil, known: [], noun: "x")
    }
}
