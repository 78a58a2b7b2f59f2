import Conformance
import Foundation
import Rig
import TagReader
import Testing

/// Every suite with each deliberate fault of the reference reader (`--dut-fault`): the fault
/// fails exactly the cases that should catch it, across ALL suites, and nothing else.
@Suite struct DUTFaultMatrixTests {
    static func failing(_ faults: ReaderFaults) async throws -> Set<String> {
        let results = try await CatalogRuns.results(faults)
        #expect(results.count >= 40, "at least 40 cases in all")
        #expect(results.contains { $0.suite == "t4t-layout" }, "every suite, t4t-layout too")
        return CatalogRuns.failing(results)
    }

    static let expectations: [(spec: String, failing: Set<String>)] = [
        ("", []),
        ("restart-delay=800ms", ["RESTART-001", "RESTART-002", "RESTART-003", "RESTART-004"]),
        // T4T-L-013 writes one byte per UPDATE BINARY (MLc 0001) and judges the order too.
        ("unsafe-write-order", ["NDEF-W-006", "NDEF-W-007", "NDEF-W-008", "T4T-L-013"]),
        (
            "no-chunk-reassembly",
            ["CHUNK-001", "CHUNK-002", "CHUNK-003", "CHUNK-004", "CHUNK-005", "CHUNK-006"]
        ),
        // A reader that reads one of two tags never detects multiple tags, so the restart
        // cases that time the restart after a multi-tag detection fail with the multi-tag
        // cases; the restart after a failed read (RESTART-003) is still right.
        (
            "reads-multiple-tags",
            [
                "MULTI-001", "MULTI-002", "MULTI-003", "MULTI-004", "MULTI-005", "RESTART-001",
                "RESTART-002", "RESTART-004",
            ]
        ),
        ("first-record-not-first-uri", ["BG-011"]),
        // Every t2t-layout tag whose data area does not start with the NDEF TLV: control,
        // NULL and Proprietary TLVs first. The Terminator first (T2T-L-017) is no NDEF to
        // either reader.
        (
            "first-tlv-only",
            [
                "T2T-L-001", "T2T-L-002", "T2T-L-003", "T2T-L-004", "T2T-L-005", "T2T-L-006",
                "T2T-L-007", "T2T-L-008", "T2T-L-012", "T2T-L-013", "T2T-L-020", "T2T-L-021",
                "T2T-L-023", "T2T-L-024",
            ]
        ),
        // The messages of 255 bytes or more; no other suite puts one on a Type 2 tag.
        ("one-byte-tlv-length", ["T2T-L-011", "T2T-L-012", "T2T-L-013"]),
        ("ignores-lock-bits", ["T2T-L-019", "T2T-L-020", "T2T-L-022", "T2T-L-023"]),
        // The tags with a Memory Control TLV: reserved bytes read as message bytes, or a
        // write into them that the tag refuses.
        ("ignores-memory-control", ["T2T-L-002", "T2T-L-004", "T2T-L-012", "T2T-L-024"]),
        // The host's own ISO-DEP in the chip's place, giving up on S(WTX) / never asking
        // again with R(NAK) after a silence or a wrong CRC: only the cases whose card asks for
        // time / goes silent / answers with a wrong CRC catch it. A card that leaves fails
        // the read whichever ISO-DEP reads it.
        (
            "ignores-wtx",
            ["ISODEP-E-001", "ISODEP-E-002", "ISODEP-E-003", "ISODEP-E-004", "ISO7816-011"]
        ),
        (
            "never-sends-rnak",
            ["ISODEP-E-005", "ISODEP-E-006", "ISODEP-E-007", "ISODEP-E-019", "ISODEP-E-020"]
        ),
        // The chip's own ISO-DEP, left at MaxRtyCOM 00: no R(NAK) either.
        (
            "no-chip-recovery",
            ["ISODEP-E-005", "ISODEP-E-006", "ISODEP-E-007", "ISODEP-E-019", "ISODEP-E-020"]
        ),
        // The Type 2 leniencies: each reads the one t2t-layout tag a reader must refuse for
        // the rule it breaks.
        ("ignores-cc-version", ["T2T-L-016"]),
        ("reads-past-terminator", ["T2T-L-017"]),
        ("reads-past-data-area", ["T2T-L-018"]),
        // The Type 4 faults (issue 22): only the `t4t-layout` case with the layout each bug
        // breaks on catches it; every other suite's tags are well-behaved.
        ("select-without-le", ["T4T-L-003"]),
        ("extended-cc-read", ["T4T-L-032"]),
        ("hardcoded-cc-size", ["T4T-L-006", "T4T-L-007"]),
        ("reads-past-file", ["T4T-L-015", "T4T-L-016"]),
        ("rejects-proprietary-access", ["T4T-L-023", "T4T-L-024", "T4T-L-025"]),
        ("accepts-unknown-mapping", ["T4T-L-005"]),
        // The ISO 7816 session's faults (issue 24): a reader trying one AID finds neither the
        // second nor, on a card with none of its AIDs, tries them all; extended length
        // refused fails every APDU that needs it (the 1000-byte answer's Le too).
        ("no-aid-fallback", ["ISO7816-002", "ISO7816-003"]),
        ("selects-any-aid", ["ISO7816-004"]),
        ("status-word-errors", ["ISO7816-009", "ISO7816-010", "ISO7816-013"]),
        ("automatic-get-response", ["ISO7816-009"]),
        ("short-apdus-only", ["ISO7816-006", "ISO7816-007", "ISO7816-008"]),
        ("stale-answer-after-loss", ["ISO7816-012"]),
    ]

    /// The faults the matrix runs under ThreadSanitizer (`CatalogRuns.economical`): none,
    /// and one for each way a fault changes the reader's code path: its timing, the host's
    /// own ISO-DEP, the chip's ISO-DEP settings, a Type 4 procedure, a Type 2 walk, the ISO
    /// 7816 session.
    static let sample: Set<String> = [
        "", "restart-delay=800ms", "ignores-wtx", "no-chip-recovery", "reads-past-file",
        "first-tlv-only", "status-word-errors",
    ]

    @Test(
        arguments: CatalogRuns.economical
            ? expectations.filter { sample.contains($0.spec) } : expectations)
    func eachFaultFailsExactlyTheCasesThatShouldCatchIt(_ spec: String, _ expected: Set<String>)
        async throws
    {
        let faults = try ReaderFaults(parsing: spec.isEmpty ? [] : [spec])
        #expect(try await Self.failing(faults) == expected)
    }
}
