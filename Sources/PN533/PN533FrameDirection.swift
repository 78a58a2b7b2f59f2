/// The frame identifier (TFI) of an information frame: which way it travels (DESIGN.md §3).
public enum PN533FrameDirection: UInt8, Sendable, Hashable, CaseIterable {
    /// TFI D4: a command from the host to the chip.
    case hostToChip = 0xD4
    /// TFI D5: a response from the chip to the host.
    case chipToHost = 0xD5
}
