import Foundation
import Rig
import TagReader
import Testing

@testable import Conformance

/// The `t4t-layout` suite on a simulated rig: the reference reader passes every case, each
/// Type 4 fault fails the cases written to catch it with a message naming its evidence, and
/// every case states its rule and expectation.
@Suite struct Type4LayoutSuiteTests {
    /// The suite's cases (only `caseIDs` when given) that did not pass with `faults`, with
    /// their verdicts and messages, from the shared catalog run. That a fault fails no other
    /// case of any suite is `DUTFaultMatrixTests`' to show; the tests here read the evidence
    /// in the messages.
    static func failures(
        _ faults: ReaderFaults = .none, caseIDs: [String]? = nil
    ) async throws -> [String: String] {
        let results = try await CatalogRuns.results(faults, suites: [Type4LayoutSuite.name])
        #expect(results.map(\.id) == Type4LayoutSuite.cases.map(\.id))
        let asked = results.filter { caseIDs?.contains($0.id) ?? true }
        return CatalogRuns.failures(asked)
    }

    @Test func theReferenceReaderPassesEveryCaseTwiceInARow() async throws {
        let failures = try await Self.failures()
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func theCasesHaveStableConsecutiveIDsAndStateTheirRuleAndExpectation() {
        let cases = Type4LayoutSuite.cases
        #expect(cases.count >= 20)
        #expect(cases.map(\.id) == (1...cases.count).map { String(format: "T4T-L-%03d", $0) })
        for item in cases {
            #expect(item.suite == "t4t-layout")
            #expect(item.setup.hasPrefix("Type 4 mapping "), "\(item.id)")
            #expect(!item.rule.isEmpty, "\(item.id)")
            #expect(item.setup.contains(". Expected: "), "\(item.id)")
            #expect(item.setup.count < 1000, "\(item.id): the setup text names, not lists, bytes")
        }
    }

    @Test func aReaderSendingTheSelectWithoutLeFailsTheNordicTagOfNfcpy168() async throws {
        let failures = try await Self.failures(
            ReaderFaults(type4: .selectWithoutLe), caseIDs: ["T4T-L-003"])
        #expect(Set(failures.keys) == ["T4T-L-003"], "\(failures)")
        #expect(failures["T4T-L-003"]?.hasPrefix("fail: the DUT returned no message") == true)
    }

    @Test func aReaderReadingTheCCWithAnExtendedLeFailsTheShortOnlyTag() async throws {
        let failures = try await Self.failures(
            ReaderFaults(type4: .extendedCCRead), caseIDs: ["T4T-L-032"])
        #expect(Set(failures.keys) == ["T4T-L-032"], "\(failures)")
        #expect(failures["T4T-L-032"]?.contains("00B0000000000F answered 6700") == true)
    }

    @Test func aReaderTrustingNLENFailsOnTheRFSideWhereItReadsPastTheFile() async throws {
        let failures = try await Self.failures(
            ReaderFaults(type4: .readsPastFile), caseIDs: ["T4T-L-015", "T4T-L-016"])
        #expect(Set(failures.keys) == ["T4T-L-015", "T4T-L-016"], "\(failures)")
        #expect(
            failures["T4T-L-015"]?.contains("reaches byte 256 of an NDEF file of 64 bytes")
                == true, "\(failures)")
        #expect(
            failures["T4T-L-016"]?.contains("reaches byte 128 of an NDEF file of 128 bytes")
                == true, "\(failures)")
    }

    @Test func aReaderAcceptingMapping4MisreadsTheTagAndFails() async throws {
        let failures = try await Self.failures(
            ReaderFaults(type4: .acceptsUnknownMapping), caseIDs: ["T4T-L-005"])
        #expect(Set(failures.keys) == ["T4T-L-005"], "\(failures)")
        #expect(failures["T4T-L-005"]?.contains("off a tag it had to refuse") == true)
    }

    /// nfcpy's CC read refuses CCLEN FFFF only for the 6700 its over-long read gets: it
    /// passes T4T-L-009 and fails T4T-L-033, whose tag answers that read 9000.
    @Test func aReaderThatNeverChecksCCLENPassesOnlyThroughThe6700() async throws {
        let failures = try await Self.failures(
            ReaderFaults(parsing: ["cc-read-by-cclen"]), caseIDs: ["T4T-L-009", "T4T-L-033"])
        #expect(Set(failures.keys) == ["T4T-L-033"], "\(failures)")
        #expect(failures["T4T-L-033"]?.contains("off a tag it had to refuse") == true)
    }

    @Test func aReaderTakingAShortAnswerForTheFilesEndHandsOnACutMessageAndFails() async throws {
        let failures = try await Self.failures(
            ReaderFaults(parsing: ["short-answer-ends-read"]), caseIDs: ["T4T-L-018", "T4T-L-034"])
        #expect(Set(failures.keys) == ["T4T-L-034"], "\(failures)")
        // The 62 bytes there cut the message's one record short: the DUT's decoder says so.
        #expect(
            failures["T4T-L-034"]?.hasPrefix("fail: the DUT reported invalidMessage") == true,
            "\(failures)")
        #expect(failures["T4T-L-034"]?.contains("expected tagResponseError") == true)
    }

    /// A reader that ignores the NDEF SELECT's 6A82 and reports the failed read that follows
    /// as no NDEF says "not NDEF" for the wrong reason; the tag's log shows it went on.
    @Test func aReaderReadingOnAfterTheRefusedNDEFSelectFailsThoughItReportsNotNDEF() async throws {
        let failures = try await Self.failures(
            ReaderFaults(parsing: ["ignores-ndef-select-status", "read-error-as-no-ndef"]),
            caseIDs: ["T4T-L-021"])
        #expect(
            failures["T4T-L-021"]?.contains("(00A4000C02E104) with 6A82") == true, "\(failures)")
        #expect(
            failures["T4T-L-021"]?.contains(
                "the DUT went on with 00B0000002 on the file still "
                    + "selected") == true, "\(failures)")
    }

    /// nfcpy's read loop asks again after every READ BINARY answered 9000 with no data; the
    /// tag's 6B00 after eight of them ends the run, and the tag's log fails it.
    @Test func aReaderThatLoopsOnEmptyAnswersEndsAndFailsOnTheTagsLog() async throws {
        let failures = try await Self.failures(
            ReaderFaults(parsing: ["loops-on-empty-read"]), caseIDs: ["T4T-L-034", "T4T-L-035"])
        #expect(Set(failures.keys) == ["T4T-L-035"], "\(failures)")
        #expect(
            failures["T4T-L-035"]?.hasPrefix(
                "fail: the tag answered 8 READ BINARYs of the NDEF file 9000 with no data (at "
                    + "offset 64), the first READ BINARY at offset 64 for 194 byte(s) (00B00040C2, "
                    + "answered 9000 (ok) with 0 bytes)") == true, "\(failures)")
    }

    @Test func aReaderIgnoringTheReadAccessReadsTheFileAndFails() async throws {
        let failures = try await Self.failures(
            ReaderFaults(parsing: ["ignores-read-access"]), caseIDs: ["T4T-L-036"])
        #expect(
            failures["T4T-L-036"]?.hasPrefix("fail: the DUT reported ") == true, "\(failures)")
        #expect(
            failures["T4T-L-036"]?.contains("off a tag it had to refuse; expected not NDEF")
                == true,
            "\(failures)")
        #expect(
            failures["T4T-L-036"]?.contains("its NDEF file with READ BINARY at offset 0") == true,
            "\(failures)")
    }
}
