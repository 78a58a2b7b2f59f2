import Testing

@testable import Reporting

@Suite struct GateArgumentsTests {
    @Test(arguments: [
        ("10%", 0.1), ("12.5%", 0.125), (" 10 % ", 0.1), ("0%", 0), ("150%", 1.5), ("0.1", 0.1),
        (".25", 0.25), ("1", 1), ("0", 0),
    ])
    func tolerancesParseAsPercentagesOrFractions(text: String, expected: Double) throws {
        #expect(try GateArguments.tolerance(text) == expected)
    }

    @Test(arguments: ["", "%", "10", "-5%", "ten", "1e-1", "inf", "nan", "1.2.3%", "0x10%", "+5%"])
    func otherTolerancesAreRefusedNamingTheOption(text: String) {
        #expect(throws: GateArgumentError.invalidTolerance(argument: "--tolerance", value: text)) {
            try GateArguments.tolerance(text)
        }
    }

    @Test(arguments: [
        ("0.5ms", Duration.microseconds(500)), ("500us", .microseconds(500)),
        ("500µs", .microseconds(500)), ("500\u{3BC}s", .microseconds(500)), ("1s", .seconds(1)),
        ("2 ms", .milliseconds(2)), ("250000ns", .microseconds(250)), ("0ms", .zero),
        ("1.5s", .milliseconds(1500)),
    ])
    func minimumDeltasParseWithTheirUnit(text: String, expected: Duration) throws {
        #expect(try GateArguments.duration(text) == expected)
    }

    @Test(arguments: ["", "0.5", "ms", "-1ms", "1m", "1h", "five ms", "1e3us", "99999999s"])
    func otherMinimumDeltasAreRefusedNamingTheOption(text: String) {
        #expect(throws: GateArgumentError.invalidDuration(argument: "--min-delta", value: text)) {
            try GateArguments.duration(text)
        }
    }

    @Test func errorsNameTheOptionTheValueAndTheAcceptedForms() {
        #expect(
            GateArgumentError.invalidTolerance(argument: "--tolerance", value: "10").description
                == "--tolerance: \"10\" is not a tolerance; write a percentage such as 10% or "
                + "12.5%, or a fraction from 0 to 1 such as 0.1")
        #expect(
            GateArgumentError.invalidDuration(argument: "--min-delta", value: "1m").description
                .hasPrefix("--min-delta: \"1m\" is not a duration"))
    }

    @Test func acceptEntriesNameACaseOrACaseAndAMetric() throws {
        #expect(try GateArguments.acceptance("NDEF-R-001") == GateAcceptance(caseID: "NDEF-R-001"))
        #expect(
            try GateArguments.acceptance(" NDEF-R-013:readTime.<128B ")
                == GateAcceptance(caseID: "NDEF-R-013", metric: "readTime.<128B"))
    }

    @Test(arguments: ["", ":readTime", "C:", "C D", "C:read time", "C\u{1B}"])
    func otherAcceptEntriesAreRefused(text: String) {
        #expect(throws: GateArgumentError.invalidAcceptance(source: "--accept", value: text)) {
            try GateArguments.acceptance(text)
        }
    }

    @Test func anAcceptFileHasAnEntryPerLineWithCommentsAndBlankLines() throws {
        let text =
            "# accepted for release 2\r\nBG-001\r\n\n  NDEF-R-013:readTime.1KiB  # no 1 KiB tag\n"
        let entries = try GateArguments.acceptances(file: text, name: "accept.txt")
        #expect(
            entries == [
                GateAcceptance(caseID: "BG-001", source: "accept.txt:2"),
                GateAcceptance(
                    caseID: "NDEF-R-013", metric: "readTime.1KiB", source: "accept.txt:4"),
            ])
    }

    @Test func aBadLineOfAnAcceptFileIsNamedByFileAndLine() {
        #expect(
            throws: GateArgumentError.invalidAcceptance(source: "accept.txt:2", value: "two words")
        ) {
            try GateArguments.acceptances(file: "BG-001\ntwo words\n", name: "accept.txt")
        }
    }
}
