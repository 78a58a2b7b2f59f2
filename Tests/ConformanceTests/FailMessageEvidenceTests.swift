import Conformance
import Foundation
import HexText
import PacketTrace
import Rig
import TagFormat
import TagReader
import Testing

/// A fail message names the frames it rests on, and only frames that are there: every
/// reader command a fail message quotes (an APDU such as `00B0000002`, a Type 2 READ or
/// WRITE) must be in the trace of the repetition that decided the verdict. A message that
/// asserted a frame the reader never sent would accuse it of something it did not do.
@Suite struct FailMessageEvidenceTests {
    /// The hex runs of a message that decode as a reader's command: a command APDU of an
    /// instruction the suites judge (SELECT, READ BINARY, UPDATE BINARY, their odd forms), or
    /// a Type 2 READ or WRITE.
    static func quotedCommands(in message: String) -> [[UInt8]] {
        let runs = message.split { !$0.isHexDigit }.map(String.init).filter {
            $0.count >= 4 && $0.count % 2 == 0
        }
        return runs.compactMap { run -> [UInt8]? in
            guard let bytes = try? Hex.decode(run) else { return nil }
            if bytes.count == 2, bytes[0] == 0x30 { return bytes }
            if bytes.count == 6, bytes[0] == 0xA2 { return bytes }
            guard bytes.count >= 4, let apdu = try? CommandAPDU(decoding: bytes),
                [0xA4, 0xB0, 0xB1, 0xD6, 0xD7].contains(apdu.ins), apdu.cla & 0xF0 == 0
            else { return nil }
            return bytes
        }
    }

    /// Whether `bytes` occur, in a row, in one of the trace's records.
    static func traced(_ bytes: [UInt8], in trace: CaseTrace) -> Bool {
        trace.interfaces.contains { interface in
            interface.records.contains { record in
                record.bytes.count >= bytes.count
                    && (0...(record.bytes.count - bytes.count)).contains {
                        Array(record.bytes[$0..<($0 + bytes.count)]) == bytes
                    }
            }
        }
    }

    @Test func aMessageQuotingACommandIsReadAsOne() {
        let message =
            "the tag's CC was read with READ BINARY at offset 0 for 2 byte(s) (00B0000002, "
            + "answered 9000 (ok)); the UID 08a1b2c3 and the message d1010b55 are no commands"
        #expect(Self.quotedCommands(in: message) == [[0x00, 0xB0, 0x00, 0x00, 0x02]])
        #expect(Self.quotedCommands(in: "READ 3004 at 1 ms") == [[0x30, 0x04]])
    }

    @Test func aReadPastTheFileIsReportedWithTheReadBinaryTheTraceHolds() async throws {
        let results = try await CatalogRuns.results(try ReaderFaults(parsing: ["reads-past-file"]))
        let failure = try #require(results.first { $0.id == "T4T-L-015" })
        let quoted = Self.quotedCommands(in: failure.message)
        #expect(quoted == [[0x00, 0xB0, 0x00, 0x02, 0xFF]], "\(failure.message)")
        let trace = try #require(failure.trace)
        #expect(quoted.allSatisfy { Self.traced($0, in: trace) })
        #expect(!Self.traced([0x00, 0xB0, 0x7F, 0x7F, 0x7F], in: trace))
    }

    /// Every fault's fails; under ThreadSanitizer the fault matrix's sample, whose runs the
    /// matrix shares (`DUTFaultMatrixTests.sample`).
    static let faults = DUTFaultMatrixTests.expectations.filter {
        !$0.spec.isEmpty
            && (!CatalogRuns.economical || DUTFaultMatrixTests.sample.contains($0.spec))
    }.map { ($0.spec, $0.profile) }

    @Test(arguments: faults)
    func everyCommandAFailMessageQuotesIsInTheDecidingTrace(
        _ spec: String, _ profile: ReaderProfile
    ) async throws {
        let results = try await CatalogRuns.results(
            try ReaderFaults(parsing: [spec]), profile: profile)
        for result in results where result.verdict == .fail {
            let quoted = Self.quotedCommands(in: result.message)
            guard !quoted.isEmpty else { continue }
            let trace = try #require(result.trace, "\(spec) \(result.id): no trace kept")
            for command in quoted {
                let hex = Hex.encode(command)
                #expect(
                    Self.traced(command, in: trace),
                    "\(spec) \(result.id) quotes \(hex), not in its trace: \(result.message)")
            }
        }
    }
}
