import TagEmulation
import TagFormat

/// What a Type 2 tag saw of the DUT's READs: which blocks it asked for.
extension RFObservations {
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
    private static func describe(_ blocks: [Int]) -> String {
        guard !blocks.isEmpty else { return "none" }
        let shown = blocks.prefix(12).map(String.init).joined(separator: ", ")
        return shown + (blocks.count > 12 ? ", …" : "")
    }
}
