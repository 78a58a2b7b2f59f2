/// How often the RF field a reader's antenna senses from the others came on and went off:
/// what a chip's RF level detector turns into CIU_DivIrq's RfOnIRq and RfOffIRq. A chip
/// compares two counts, so a pulse shorter than the host's polling still leaves its mark.
public struct ExternalFieldEdges: Sendable, Hashable {
    /// Times the other readers' fields went from all off to at least one on.
    public var rises = 0
    /// Times the last of the other readers' fields went off.
    public var falls = 0

    /// No edges yet.
    public init(rises: Int = 0, falls: Int = 0) {
        self.rises = rises
        self.falls = falls
    }

    /// Counts the edge `observer` senses when the fields on change from `before` to `after`
    /// (reader ids); its own field is not external to it.
    mutating func record(seenBy observer: Int, from before: [Int], to after: [Int]) {
        let wasOn = before.contains { $0 != observer }
        let isOn = after.contains { $0 != observer }
        guard wasOn != isOn else { return }
        if isOn { rises += 1 } else { falls += 1 }
    }
}
