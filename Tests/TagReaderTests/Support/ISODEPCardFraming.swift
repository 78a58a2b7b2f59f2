/// The card side of ISO/IEC 14443-4, as little of it as a test tag needs: RATS, I-blocks
/// chained both ways, R(ACK)/R(NAK), S(DESELECT). Block numbers are echoed from the reader.
struct ISODEPCardFraming {
    /// TL T0 TA TB TC: FSCI 8 (256-byte frames), FWI 7, SFGI 0, no CID or NAD.
    static let ats: [UInt8] = [0x05, 0x78, 0x00, 0x70, 0x00]
    static let frameSizes = [16, 24, 32, 40, 48, 64, 96, 128, 256]

    /// What to do with a reader frame.
    enum Step {
        /// Answer with this block (CRC not included).
        case answer([UInt8])
        /// A whole command APDU arrived in an I-block with this block number.
        case apdu([UInt8], blockNumber: UInt8)
        /// Say nothing.
        case silent
    }

    private var readerFrameSize = 256
    private var incoming: [UInt8] = []
    private var outgoing: [UInt8] = []
    private var lastAnswer: [UInt8]?

    mutating func receive(_ block: [UInt8]) -> Step {
        guard let pcb = block.first else { return .silent }
        let number = pcb & 0x01
        if pcb == 0xE0, block.count == 2 {
            readerFrameSize = Self.frameSizes[min(Int(block[1] >> 4), 8)]
            incoming = []
            outgoing = []
            return remember(Self.ats)
        }
        if pcb & 0xE2 == 0x02 {
            if pcb & 0x10 != 0 {
                incoming += block.dropFirst()
                return remember([0xA2 | number])
            }
            let apdu = incoming + block.dropFirst()
            incoming = []
            return .apdu(apdu, blockNumber: number)
        }
        if pcb & 0xE6 == 0xA2 {
            if pcb & 0x10 != 0 { return lastAnswer.map(Step.answer) ?? .silent }
            guard !outgoing.isEmpty else { return lastAnswer.map(Step.answer) ?? .silent }
            return remember(nextBlock(number))
        }
        if pcb & 0xF7 == 0xC2 { return remember([pcb]) }
        return .silent
    }

    /// The first block of `response` to an APDU that came with `blockNumber`.
    mutating func respond(_ response: [UInt8], blockNumber: UInt8) -> [UInt8] {
        outgoing = response
        guard case .answer(let block) = remember(nextBlock(blockNumber)) else { return [] }
        return block
    }

    private mutating func nextBlock(_ number: UInt8) -> [UInt8] {
        let room = readerFrameSize - 3
        let chunk = Array(outgoing.prefix(room))
        outgoing.removeFirst(chunk.count)
        return [(outgoing.isEmpty ? 0x02 : 0x12) | number] + chunk
    }

    private mutating func remember(_ block: [UInt8]) -> Step {
        lastAnswer = block
        return .answer(block)
    }
}
