/// ISO/IEC 14443-3 type A anticollision as the cards and a PN533 play it out, bit by bit.
///
/// Cards answer ANTICOLLISION with their UID CLn, least significant bit of each byte first;
/// where cards send different bits the reader sees a collision, keeps the bit value 1 (as NXP
/// readers do) and sends ANTICOLLISION again with the bits known so far, so cards that sent 0
/// fall silent. Which card gets selected, and how many frames it took, follow from the UIDs
/// alone: the simulation is deterministic.
public enum TypeAAnticollision {
    /// One card selected out of those answering.
    public struct Selection: Sendable, Hashable {
        /// Index of the selected card in the input.
        public var card: Int
        /// ANTICOLLISION and SELECT frames spent on it over all cascade levels.
        public var frames: Int
        /// Whether any cascade level saw a collision.
        public var collided: Bool
    }

    /// Selects one card among `cards` (all idle and answering), or `nil` when there is none.
    public static func selectOne(among cards: [TypeAIdentity]) -> Selection? {
        var candidates = Array(cards.indices)
        var frames = 0
        var collided = false
        for level in 0..<3 {
            candidates = candidates.filter { level < cards[$0].cascadeLevels.count }
            guard !candidates.isEmpty else { return nil }
            frames += 1  // ANTICOLLISION, NVB 0x20: every candidate sends its whole CLn
            for position in 0..<32 {
                let ones = candidates.filter {
                    cards[$0].cascadeLevels[level][position / 8] >> (position % 8) & 1 == 1
                }
                if !ones.isEmpty && ones.count < candidates.count {
                    collided = true
                    frames += 1  // ANTICOLLISION again, NVB naming the bits known so far
                    candidates = ones
                }
            }
            frames += 1  // SELECT with the whole CLn
            // A 4-byte UID never starts with the cascade tag, so the candidates left either
            // all end at this level or all go on to the next.
            if let card = candidates.first(where: { level == cards[$0].cascadeLevels.count - 1 }) {
                return Selection(card: card, frames: frames, collided: collided)
            }
        }
        return nil
    }

    /// Selects and halts cards one after another, up to `limit`: the targets
    /// InListPassiveTarget with MaxTg = `limit` reports, in order.
    public static func selectAll(among cards: [TypeAIdentity], limit: Int) -> [Selection] {
        var remaining = Array(cards.indices)
        var selections: [Selection] = []
        while selections.count < limit,
            var selection = selectOne(among: remaining.map { cards[$0] })
        {
            selection.card = remaining[selection.card]
            selections.append(selection)
            remaining.removeAll { $0 == selection.card }
        }
        return selections
    }
}
