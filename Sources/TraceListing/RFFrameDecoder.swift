import HexText
import ISODEP
import PacketTrace
import TagFormat

/// Reads the frames of one RF interface in order, as a sniffer would: what a card's frame
/// is depends on what the reader sent before it (an ATQA answers REQA, an ATS answers
/// RATS, a block follows an ATS), so the decoder keeps that much state, and the parts of
/// chained I-blocks until their APDU is whole.
struct RFFrameDecoder {
    /// What the reader's last frame asked for.
    private enum Expectation {
        case nothing
        case atqa
        case uid(level: Int)
        case sak(level: Int)
        case ats
        case block
        case type2Read(block: UInt8)
        case type2Write
        case ntag(NTAGCommand)
    }

    private var expectation = Expectation.nothing
    /// ISO-DEP runs from the ATS to a DESELECT (or the field going off).
    private var isoDEPActive = false
    private var commandChain: [UInt8] = []
    private var responseChain: [UInt8] = []
    /// The last whole command APDU, to name the answer after it.
    private var lastCommand: CommandAPDU?
    /// The block a COMPATIBILITY WRITE the tag acknowledged is for: its 16 data bytes come
    /// next.
    private var compatibilityWriteBlock: UInt8?

    mutating func annotate(_ record: TraceRecord) -> TraceAnnotation {
        switch record.kind {
        case .fieldOn, .fieldOff:
            self = RFFrameDecoder()
            return TraceAnnotation(record.kind == .fieldOn ? "field on" : "field off")
        case .pcdToPICC:
            return readerFrame(record)
        case .piccToPCD:
            return cardFrame(record)
        case .hostToChip, .chipToHost:
            return TraceAnnotation("? not an RF record")
        }
    }

    // MARK: - Reader frames

    private mutating func readerFrame(_ record: TraceRecord) -> TraceAnnotation {
        let bytes = record.bytes
        // The frames without CRC_A first, recognised by their bytes alone.
        if bytes == [0x26] || bytes == [0x52] {
            self = RFFrameDecoder()
            expectation = .atqa
            return TraceAnnotation(bytes == [0x26] ? "REQA" : "WUPA")
        }
        if let level = Self.cascadeLevel(bytes.first), bytes.count >= 2, bytes[1] != 0x70 {
            expectation = .uid(level: level)
            let nvb = bytes[1] == 0x20 ? "" : " NVB \(Hex.digits(bytes[1], uppercase: true))"
            return TraceAnnotation("ANTICOLLISION CL\(level)\(nvb)")
        }
        let (payload, crc) = Self.checkCRC(record)
        var annotation = TraceAnnotation(readerCommand(payload), crc: crc)
        if crc == .wrong { annotation.text += " (CRC wrong)" }
        return annotation
    }

    private mutating func readerCommand(_ payload: [UInt8]) -> String {
        if let level = Self.cascadeLevel(payload.first), payload.count == 7 {
            expectation = .sak(level: level)
            return "SELECT CL\(level) UID \(Self.uidPart(Array(payload[2...])))"
        }
        if payload == [0x50, 0x00] {
            expectation = .nothing
            isoDEPActive = false
            return "HLTA"
        }
        if isoDEPActive {
            expectation = .block
            return block(payload, fromReader: true)
        }
        switch payload.first {
        case RATS.startByte:
            expectation = .ats
            do {
                return try RATS(bytes: payload).description
            } catch {
                return "? RATS: \(error)"
            }
        case Type2Tag.readCommand where payload.count == 2:
            expectation = .type2Read(block: payload[1])
            return "READ block \(payload[1])"
        case Type2Tag.writeCommand where payload.count == 2 + Type2Tag.blockSize:
            expectation = .type2Write
            return "WRITE block \(payload[1])"
        case _ where compatibilityWriteBlock != nil && payload.count == 16:
            let block = compatibilityWriteBlock ?? 0
            compatibilityWriteBlock = nil
            expectation = .type2Write
            return "COMPATIBILITY WRITE data for block \(block)"
        case _ where NTAGCommand(payload) != nil:
            let command = NTAGCommand(payload) ?? .getVersion
            expectation = .ntag(command)
            return command.description
        default:
            expectation = .nothing
            return "? command"
        }
    }

    // MARK: - Card frames

    private mutating func cardFrame(_ record: TraceRecord) -> TraceAnnotation {
        let bytes = record.bytes
        switch expectation {
        case .atqa:
            expectation = .nothing
            return TraceAnnotation(Self.atqa(bytes))
        case .uid(let level):
            expectation = .nothing
            guard bytes.count == 5 else { return TraceAnnotation("? UID of \(bytes.count) bytes") }
            let bcc = bytes[..<4].reduce(0, ^) == bytes[4] ? "BCC ok" : "BCC wrong"
            return TraceAnnotation("UID CL\(level) \(Self.uidPart(bytes)), \(bcc)")
        case .type2Read, .type2Write, .ntag:
            // A 4-bit ACK or NAK, which carries no CRC.
            if bytes.count == 1 {
                if case .ntag(.compatibilityWrite(let block)) = expectation,
                    bytes[0] & 0x0F == Type2Tag.ack
                {
                    compatibilityWriteBlock = block
                }
                expectation = .nothing
                return TraceAnnotation(Self.acknowledgement(bytes[0]))
            }
        default:
            break
        }
        let (payload, crc) = Self.checkCRC(record)
        var annotation = TraceAnnotation(cardAnswer(payload), crc: crc)
        if crc == .wrong { annotation.text += " (CRC wrong)" }
        return annotation
    }

    private mutating func cardAnswer(_ payload: [UInt8]) -> String {
        let expected = expectation
        expectation = .nothing
        switch expected {
        case .sak(let level):
            guard payload.count == 1 else { return "? SAK of \(payload.count) bytes" }
            return "SAK CL\(level) " + Self.sak(payload[0])
        case .ats:
            do {
                let ats = try ATS(bytes: payload)
                isoDEPActive = true
                return "ATS FSC \(ats.fsc) FWI \(ats.fwi) SFGI \(ats.sfgi)"
                    + (ats.historicalBytes.isEmpty
                        ? "" : ", \(ats.historicalBytes.count) historical bytes")
            } catch {
                return "? ATS: \(error)"
            }
        case .block:
            return block(payload, fromReader: false)
        case .type2Read(let block):
            guard payload.count == Type2Tag.readResponseLength else {
                return "? READ answer of \(payload.count) bytes"
            }
            return "READ answer, blocks \(block)–\(Int(block) + 3)"
        case .ntag(let command):
            return command.describeAnswer(payload)
        case .nothing, .atqa, .uid, .type2Write:
            return "? answer"
        }
    }

    // MARK: - ISO-DEP blocks

    private mutating func block(_ payload: [UInt8], fromReader: Bool) -> String {
        let block: ISODEPBlock
        do {
            block = try ISODEPBlock(bytes: payload)
        } catch {
            return "? block: \(error)"
        }
        switch block {
        case .information(let number, let chaining, let cid, let nad, let inf):
            // The block without its INF: `I(0, chaining)`; the bytes are in their column.
            let label = ISODEPBlock.information(
                blockNumber: number, chaining: chaining, cid: cid, nad: nad, inf: []
            ).description
            return label + ": " + information(inf, chaining: chaining, fromReader: fromReader)
        case .supervisory(.deselect, _):
            // Both the reader's S(DESELECT) and the card's answer end ISO-DEP.
            if !fromReader { isoDEPActive = false }
            return block.description
        case .receiveReady, .supervisory:
            return block.description
        }
    }

    /// An I-block's INF: a part of a chain, or the end of an APDU.
    private mutating func information(_ inf: [UInt8], chaining: Bool, fromReader: Bool)
        -> String
    {
        if fromReader {
            commandChain += inf
            if chaining { return "\(commandChain.count) bytes of a command so far" }
            let (text, apdu) = APDUDescription.command(commandChain)
            commandChain = []
            lastCommand = apdu
            return text
        }
        responseChain += inf
        if chaining { return "\(responseChain.count) bytes of an answer so far" }
        let text = APDUDescription.response(responseChain, to: lastCommand)
        responseChain = []
        return text
    }

    // MARK: - Frame parts

    /// The frame without its CRC_A, and what was found of it.
    private static func checkCRC(_ record: TraceRecord) -> ([UInt8], CRCCheck) {
        guard record.crcCaptured else { return (record.bytes, .notCaptured) }
        if let payload = CRCA.strippingInPlace(record.bytes) { return (Array(payload), .ok) }
        return (Array(record.bytes.dropLast(2)), .wrong)
    }

    /// The cascade level a SEL byte (`93`, `95`, `97`) names.
    private static func cascadeLevel(_ sel: UInt8?) -> Int? {
        switch sel {
        case 0x93: 1
        case 0x95: 2
        case 0x97: 3
        default: nil
        }
    }

    /// `08112233`, or `CT + 04A1B2` when the cascade tag says more levels follow.
    private static func uidPart(_ part: [UInt8]) -> String {
        let uid = part.prefix(4)
        if uid.first == 0x88 {
            return "CT + \(Hex.encode(uid.dropFirst(), uppercase: true))"
        }
        return Hex.encode(uid, uppercase: true)
    }

    /// ATQA (SENS_RES), low byte first on the air: its top two bits give the UID's size.
    private static func atqa(_ bytes: [UInt8]) -> String {
        guard bytes.count == 2 else { return "? ATQA of \(bytes.count) bytes" }
        let size =
            switch bytes[0] >> 6 {
            case 0: "single (4 bytes)"
            case 1: "double (7 bytes)"
            case 2: "triple (10 bytes)"
            default: "RFU"
            }
        return "ATQA, UID \(size)"
    }

    /// SAK (SEL_RES): UID incomplete, ISO/IEC 14443-4 compliant, or neither.
    private static func sak(_ sak: UInt8) -> String {
        let value = Hex.digits(sak, uppercase: true)
        if sak & 0x04 != 0 { return "\(value): UID not complete" }
        if sak & 0x20 != 0 { return "\(value): ISO-DEP" }
        return "\(value): no ISO-DEP (Type 2)"
    }

    /// A Type 2 tag's 4-bit answer: `A` acknowledges, anything else refuses.
    private static func acknowledgement(_ nibble: UInt8) -> String {
        nibble & 0x0F == Type2Tag.ack
            ? "ACK" : "NAK \(Hex.digits(nibble & 0x0F, uppercase: true).suffix(1))"
    }
}
