import Foundation
import HexText
import PacketTrace

/// What a fail message says happened on the air, checked against the trace of the
/// repetition that decided it (`FailMessageEvidence` in ConformanceTests for in-process
/// runs, `ReportEvidence` in nfcrigTests for a run's report folder). A message that asserted a frame the reader never sent, or a
/// chained answer the card never gave, would accuse a reader of something it did not do.
///
/// Two kinds of claim are read: reader commands quoted in hex (an APDU such as
/// `00B0000002`, a Type 2 READ or WRITE), and ISO-DEP blocks named in words ("was chained",
/// "asked for more time", "granted S(WTX)", "sent R(NAK"), which must each have a block of
/// that kind, from that side, on the air.
public enum FailMessageClaims {
    /// An ISO-DEP block a message names in words, and who sent it.
    public enum NamedBlock: String, CaseIterable, Sendable {
        /// "was chained", "chained its answer": an I-block of the card with the chaining bit.
        case cardChainedPart = "a chained I-block from the card"
        /// "asked for more time": the card's S(WTX).
        case cardWaitingTimeExtension = "the card's S(WTX)"
        /// "granted S(WTX)": the reader's S(WTX) answer.
        case readerWaitingTimeExtension = "the reader's S(WTX)"
        /// "sent R(NAK": the reader's R(NAK).
        case readerNegativeAcknowledgement = "the reader's R(NAK)"

        /// Whether `message` (lowercased) asserts a block of this kind.
        func isNamed(in message: String) -> Bool {
            switch self {
            case .cardChainedPart:
                message.contains("was chained") || message.contains("chained its answer")
            case .cardWaitingTimeExtension:
                message.components(separatedBy: "asked for more time").count
                    > message.components(separatedBy: "never asked for more time").count
            case .readerWaitingTimeExtension: message.contains("granted s(wtx)")
            case .readerNegativeAcknowledgement: message.contains("sent r(nak")
            }
        }

        /// Whether `block`, sent by the card when `fromCard`, is of this kind. The PCB's
        /// coding is ISO/IEC 14443-4's: I-blocks 000x xx1x, R-blocks 101x x01x, S-blocks
        /// 11xx x01x (WTX with bits 5-6 set).
        func matches(pcb: UInt8, fromCard: Bool) -> Bool {
            switch self {
            case .cardChainedPart: fromCard && pcb & 0xE2 == 0x02 && pcb & 0x10 != 0
            case .cardWaitingTimeExtension: fromCard && pcb & 0xF7 == 0xF2
            case .readerWaitingTimeExtension: !fromCard && pcb & 0xF7 == 0xF2
            case .readerNegativeAcknowledgement: !fromCard && pcb & 0xF6 == 0xB2
            }
        }
    }

    /// The hex runs of a message that decode as a reader's command: a command APDU of an
    /// instruction the suites judge (SELECT, READ BINARY, UPDATE BINARY, their odd forms), or
    /// a Type 2 READ or WRITE.
    public static func quotedCommands(in message: String) -> [[UInt8]] {
        let runs = message.split { !$0.isHexDigit }.map(String.init).filter {
            $0.count >= 4 && $0.count % 2 == 0
        }
        return runs.compactMap { run -> [UInt8]? in
            guard let bytes = try? Hex.decode(run) else { return nil }
            if bytes.count == 2, bytes[0] == 0x30 { return bytes }
            if bytes.count == 6, bytes[0] == 0xA2 { return bytes }
            guard isCommandAPDU(bytes), [0xA4, 0xB0, 0xB1, 0xD6, 0xD7].contains(bytes[1]),
                bytes[0] & 0xF0 == 0
            else { return nil }
            return bytes
        }
    }

    /// Whether `bytes` have the shape of an ISO/IEC 7816-4 command APDU: a 4-byte header,
    /// then nothing, Le, Lc and its data, or both, in the short or the extended form.
    static func isCommandAPDU(_ bytes: [UInt8]) -> Bool {
        let count = bytes.count
        guard count >= 4 else { return false }
        guard count > 5 else { return true }
        let lc = Int(bytes[4])
        if lc != 0 { return count == 5 + lc || count == 6 + lc }
        guard count >= 7 else { return false }
        let extended = Int(bytes[5]) << 8 | Int(bytes[6])
        return count == 7 || count == 7 + extended || count == 9 + extended
    }

    /// The ISO-DEP blocks a message names in words.
    public static func namedBlocks(in message: String) -> [NamedBlock] {
        let lowered = message.lowercased()
        return NamedBlock.allCases.filter { $0.isNamed(in: lowered) }
    }

    /// Whether `bytes` occur, in a row, in one of the records of `interfaces` (each
    /// interface's records in order).
    public static func traced(_ bytes: [UInt8], in interfaces: [[TraceRecord]]) -> Bool {
        interfaces.contains { records in
            records.contains { record in
                record.bytes.count >= bytes.count
                    && (0...(record.bytes.count - bytes.count)).contains {
                        Array(record.bytes[$0..<($0 + bytes.count)]) == bytes
                    }
            }
        }
    }

    /// Whether the trace's air holds a block of kind `block`: a frame after a RATS and its
    /// ATS, before the field goes off or a new activation starts.
    public static func traced(_ block: NamedBlock, in interfaces: [[TraceRecord]]) -> Bool {
        for records in interfaces {
            var inProtocol = false
            var awaitingATS = false
            for record in records {
                switch record.kind {
                case .fieldOn, .fieldOff:
                    inProtocol = false
                    awaitingATS = false
                case .pcdToPICC:
                    guard let pcb = record.bytes.first else { continue }
                    if record.bytes.count <= 2, pcb == 0x26 || pcb == 0x52 {
                        // REQA or WUPA: a new activation, whatever came before.
                        inProtocol = false
                    } else if pcb == 0xE0, !inProtocol {
                        awaitingATS = true
                    } else if inProtocol, block.matches(pcb: pcb, fromCard: false) {
                        return true
                    }
                case .piccToPCD:
                    guard let pcb = record.bytes.first else { continue }
                    if awaitingATS {
                        awaitingATS = false
                        inProtocol = true
                    } else if inProtocol, block.matches(pcb: pcb, fromCard: true) {
                        return true
                    }
                case .hostToChip, .chipToHost:
                    continue
                }
            }
        }
        return false
    }

    /// What a fail message claims that the trace (`interfaces`, nil when none was kept) does
    /// not hold, one line each naming `source` and `caseID`; empty when everything it
    /// claims is there. A trace that dropped records in its middle (`partial`) can lack a
    /// frame that was on the air, so its missing frames are not held against the message.
    public static func unsupported(
        message: String, interfaces: [[TraceRecord]]?, partial: Bool = false, source: String,
        caseID: String
    ) -> [String] {
        let commands = quotedCommands(in: message)
        let blocks = namedBlocks(in: message)
        guard !commands.isEmpty || !blocks.isEmpty else { return [] }
        guard let interfaces else {
            return ["\(source) \(caseID): no trace kept for a message that names frames"]
        }
        guard !partial else { return [] }
        let missingCommands = commands.filter { !traced($0, in: interfaces) }.map {
            "\(source) \(caseID) quotes \(Hex.encode($0)), not in its trace: \(message)"
        }
        let missingBlocks = blocks.filter { !traced($0, in: interfaces) }.map {
            "\(source) \(caseID) names \($0.rawValue), not on its air: \(message)"
        }
        return missingCommands + missingBlocks
    }
}
