import HexText
import TagEmulation
import TagFormat

/// What a Type 2 tag saw of the DUT's READs (which blocks it asked for) and WRITEs (and
/// whether the tag acknowledged them).
extension RFObservations {
    /// One WRITE (`A2 n d0 d1 d2 d3`) a Type 2 tag received, with its 4-bit answer.
    struct Type2Write: Sendable, Hashable {
        /// The command as received.
        var command: [UInt8]
        /// The tag's ACK (`A`) or NAK nibble; nil when the log shows no answer.
        var answer: UInt8?
        /// When the tag received it.
        var at: Duration

        /// Whether the tag acknowledged it.
        var acknowledged: Bool { answer == Type2Tag.ack }

        /// `WRITE A2 04 03 00 FE 00 (NAK 0)`.
        var summary: String {
            let answered =
                answer.map { $0 == Type2Tag.ack ? "ACK" : "NAK \(String($0, radix: 16))" }
                ?? "no answer"
            return "WRITE \(Hex.encode(command, uppercase: true)) (\(answered))"
        }
    }

    /// Every WRITE the tags received, in order, each with the nibble that answered it.
    static func type2Writes(_ context: CaseContext) async -> [Type2Write] {
        let events = await context.tagEvents().map(\.event)
        var writes: [Type2Write] = []
        for (index, event) in events.enumerated() {
            guard case .received(let bytes) = event.kind, bytes.count == 6,
                bytes[0] == Type2Tag.writeCommand
            else { continue }
            var answer: UInt8?
            if index + 1 < events.count, case .sentNibble(let nibble) = events[index + 1].kind {
                answer = nibble
            }
            writes.append(Type2Write(command: bytes, answer: answer, at: event.at))
        }
        return writes
    }

    /// The block numbers of every READ (`30 n`) the tags received, in order.
    static func type2ReadBlocks(_ context: CaseContext) async -> [Int] {
        await context.tagEvents().compactMap { entry in
            guard case .received(let bytes) = entry.event.kind, bytes.count == 2,
                bytes[0] == Type2Tag.readCommand
            else { return nil }
            return Int(bytes[1])
        }
    }

    /// The DUT read the tag's `area` (tag memory addresses): some READ's 16 bytes covered its
    /// first byte. A status that rests on lock bytes counts only when the DUT read them.
    static func type2AreaRead(_ context: CaseContext, _ area: Range<Int>, what: String) async
        -> RepetitionOutcome
    {
        type2AreaRead(reads: await type2ReadBlocks(context), area, what: what)
    }

    /// `type2AreaRead(_:_:what:)` on the blocks READ asked for, in order.
    static func type2AreaRead(reads: [Int], _ area: Range<Int>, what: String)
        -> RepetitionOutcome
    {
        let block = area.lowerBound / Type2Tag.blockSize
        let blocksPerRead = Type2Tag.readResponseLength / Type2Tag.blockSize
        guard reads.contains(where: { (0..<blocksPerRead).contains(block - $0) }) else {
            return .fail(
                "the DUT never read \(what) (block \(block)); its READs asked for blocks "
                    + describe(reads))
        }
        return .pass
    }

    /// No READ started past the data area that ends before `dataEnd`, except at the blocks in
    /// `allowed` (the dynamic lock bytes, which a reader may read to judge the lock state):
    /// a reader follows no TLV beyond the data area.
    static func type2ReadsWithinDataArea(
        _ context: CaseContext, dataEnd: Int, allowed: Set<Int>
    ) async -> RepetitionOutcome {
        type2ReadsWithinDataArea(
            reads: await type2ReadBlocks(context), dataEnd: dataEnd, allowed: allowed)
    }

    /// `type2ReadsWithinDataArea(_:dataEnd:allowed:)` on the blocks READ asked for, in order.
    static func type2ReadsWithinDataArea(reads: [Int], dataEnd: Int, allowed: Set<Int>)
        -> RepetitionOutcome
    {
        let firstOutside = dataEnd / Type2Tag.blockSize
        if let outside = reads.first(where: { $0 >= firstOutside && !allowed.contains($0) }) {
            return .fail(
                "the DUT read block \(outside), past the data area (blocks 4–"
                    + "\(firstOutside - 1)); its READs asked for blocks " + describe(reads))
        }
        return .pass
    }

    /// `4, 8, 12` (at most 12 shown).
    static func describe(_ blocks: [Int]) -> String {
        guard !blocks.isEmpty else { return "none" }
        let shown = blocks.prefix(12).map(String.init).joined(separator: ", ")
        return shown + (blocks.count > 12 ? ", …" : "")
    }
}
