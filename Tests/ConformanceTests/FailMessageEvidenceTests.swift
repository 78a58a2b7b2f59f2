import Conformance
import Foundation
import HexText
import NFCRigTestSupport
import PacketTrace
import Rig
import TagFormat
import TagReader
import Testing

/// A fail message names the frames it rests on, and only frames that are there
/// (`FailMessageEvidence`): for every fault of the reference reader here, for every lazy
/// reader in `LazyReaderTests`, for the misleading DUTs in `MisleadingDUTTests`.
@Suite struct FailMessageEvidenceTests {
    @Test func aMessageQuotingACommandIsReadAsOne() {
        let message =
            "the tag's CC was read with READ BINARY at offset 0 for 2 byte(s) (00B0000002, "
            + "answered 9000 (ok)); the UID 08a1b2c3 and the message d1010b55 are no commands"
        #expect(FailMessageClaims.quotedCommands(in: message) == [[0x00, 0xB0, 0x00, 0x00, 0x02]])
        #expect(FailMessageClaims.quotedCommands(in: "READ 3004 at 1 ms") == [[0x30, 0x04]])
    }

    @Test func aReadPastTheFileIsReportedWithTheReadBinaryTheTraceHolds() async throws {
        let results = try await CatalogRuns.results(try ReaderFaults(parsing: ["reads-past-file"]))
        let failure = try #require(results.first { $0.id == "T4T-L-015" })
        let quoted = FailMessageClaims.quotedCommands(in: failure.message)
        #expect(quoted == [[0x00, 0xB0, 0x00, 0x02, 0xFF]], "\(failure.message)")
        let trace = try #require(failure.trace)
        #expect(
            quoted.allSatisfy {
                FailMessageClaims.traced($0, in: FailMessageEvidence.records(trace))
            })
        #expect(
            !FailMessageClaims.traced(
                [0x00, 0xB0, 0x7F, 0x7F, 0x7F], in: FailMessageEvidence.records(trace)))
    }

    /// An activation with RATS and ATS, then `blocks` (PCB first, CRC left out) alternating
    /// reader, card, reader, ...
    static func air(_ blocks: [[UInt8]]) -> CaseTrace {
        var records: [TraceRecord] = [
            .fieldOn(at: 0),
            TraceRecord(timestamp: 1, kind: .pcdToPICC, bytes: [0xE0, 0x80]),
            TraceRecord(timestamp: 2, kind: .piccToPCD, bytes: [0x05, 0x78, 0x80, 0x70, 0x02]),
        ]
        for (index, block) in blocks.enumerated() {
            records.append(
                TraceRecord(
                    timestamp: Int64(3 + index), kind: index % 2 == 0 ? .pcdToPICC : .piccToPCD,
                    bytes: block))
        }
        let interface = TraceInterface(name: "rf", description: "test air", link: .rf)
        return CaseTrace(
            repetition: 0, interfaces: [InterfaceTrace(interface: interface, records: records)])
    }

    @Test func aMessageNamingBlocksInWordsIsReadAsThoseBlocks() {
        #expect(
            FailMessageClaims.namedBlocks(
                in: "READ BINARY (00B0000000FF) was chained; the reader sent 0 R(ACK)")
                == [.cardChainedPart])
        #expect(
            FailMessageClaims.namedBlocks(
                in: "the card asked for more time; the reader granted no S(WTX)")
                == [.cardWaitingTimeExtension])
        #expect(
            FailMessageClaims.namedBlocks(
                in: "the reader granted S(WTX) with WTXM 0, out of range 1…59")
                == [.readerWaitingTimeExtension])
        #expect(FailMessageClaims.namedBlocks(in: "the reader sent no R(NAK) for it").isEmpty)
        #expect(
            FailMessageClaims.namedBlocks(
                in: "the card never asked for more time: no APDU reached it"
            ).isEmpty)
    }

    /// The libnfc adapter's finding: a message said the card chained its answer where the
    /// trace held no chained block; such a message is now caught.
    @Test func aChainedAnswerNamedWithoutAChainedBlockOnTheAirIsCaught() {
        let unchained = Self.air([[0x02, 0x00, 0xB0, 0x00, 0x00, 0xF0], [0x02, 0x90, 0x00]])
        let chained = Self.air([
            [0x02, 0x00, 0xB0, 0x00, 0x00, 0xFF], [0x12, 0x01, 0x02], [0xA3], [0x03, 0x90, 0x00],
        ])
        let result = { (trace: CaseTrace) in
            CaseResult(
                id: "ISODEP-E-010", suite: "isodep-errors", title: "", verdict: .fail,
                message: "the card chained its answer; the reader sent no R(ACK) for a part",
                trace: trace)
        }
        #expect(FailMessageEvidence.unsupportedClaims(of: result(unchained), by: "t").count == 1)
        #expect(FailMessageEvidence.unsupportedClaims(of: result(chained), by: "t").isEmpty)
        // The reader's own chained I-block (a chained command) is no chained answer.
        let command = FailMessageEvidence.records(Self.air([[0x12, 0x00]]))
        #expect(!FailMessageClaims.traced(.cardChainedPart, in: command))
    }

    @Test func theSidesOfABlockAreTold() {
        let air = FailMessageEvidence.records(
            Self.air([[0x02, 0x00], [0xF2, 0x01], [0xF2, 0x01], [0x03, 0x90, 0x00], [0xB2]]))
        #expect(FailMessageClaims.traced(.cardWaitingTimeExtension, in: air))
        #expect(FailMessageClaims.traced(.readerWaitingTimeExtension, in: air))
        #expect(FailMessageClaims.traced(.readerNegativeAcknowledgement, in: air))
        #expect(!FailMessageClaims.traced(.cardChainedPart, in: air))
    }

    /// Every fault's fails; under ThreadSanitizer the fault matrix's sample, whose runs the
    /// matrix shares (`DUTFaultMatrixTests.sample`).
    static let faults = DUTFaultMatrixTests.expectations.filter {
        !$0.spec.isEmpty
            && (!CatalogRuns.economical || DUTFaultMatrixTests.sample.contains($0.spec))
    }.map { ($0.spec, $0.profile) }

    @Test(arguments: faults)
    func everyFrameAFailMessageNamesIsInTheDecidingTrace(
        _ spec: String, _ profile: ReaderProfile
    ) async throws {
        let results = try await CatalogRuns.results(
            try ReaderFaults(parsing: [spec]), profile: profile)
        let unsupported = results.flatMap {
            FailMessageEvidence.unsupportedClaims(of: $0, by: spec)
        }
        #expect(unsupported.isEmpty, "\(unsupported.joined(separator: "\n"))")
    }
}
