import PN533

/// How a Type 2 Tag emulator presents itself on the RF side.
public struct Type2TagEmulatorConfiguration: Sendable, Hashable {
    /// What TgInitAsTarget announces: SENS_RES `04 00` (a single-size UID), UID `08` +
    /// NFCID1t, SEL_RES `00` (no ISO-DEP). A PN533 in target mode completes anticollision
    /// with that 4-byte UID only, so an NTAG's `44 00` (double size, which libnfc's Type 2
    /// emulation announces) would promise a 7-byte UID the chip never sends: a strict
    /// reader would fail on nfcrig's tag, not on a bug of its own.
    public var target: TargetConfiguration
    /// How long one TgInitAsTarget waits for a reader before the emulator arms the chip
    /// again: a safeguard, since the chip listens indefinitely and cancelling the emulator
    /// ends the wait at once. Arming again takes the tag out of the field for a moment (a
    /// reader polling then misses it), so it is long.
    public var listenTimeout: Duration
    /// How long the tag waits for a reader's next command before it arms again.
    public var idleTimeout: Duration
    /// Whether the tag stays silent after HLTA, or a release while the reader's field stays
    /// on, until the field goes off, as a card in HALT does (ISO/IEC 14443-3), instead of
    /// arming its chip again at once (`TagEmulatorLoop.waitForFieldOff`).
    public var haltUntilFieldOff = true
    /// How often a halted tag checks whether the reader's field has gone.
    public var fieldCheckInterval: Duration = .milliseconds(1)

    /// SENS_RES of a Type 2 tag with a single-size UID (ISO/IEC 14443-3 ATQA bits 8-7 `00`),
    /// the only UID size a PN533 in target mode can present.
    public static let sensRes: [UInt8] = [0x04, 0x00]
    /// SEL_RES of a Type 2 Tag.
    public static let selRes: UInt8 = 0x00

    /// A configuration; the UID is `08` followed by `nfcid1t` (3 bytes), which the memory's
    /// block 0 should repeat (`Type2StaticMemory`'s 4-byte layout).
    public init(
        nfcid1t: [UInt8] = [0x4E, 0x46, 0x43], listenTimeout: Duration = .seconds(60),
        idleTimeout: Duration = .seconds(30)
    ) {
        target = TargetConfiguration(sensRes: Self.sensRes, nfcid1t: nfcid1t, selRes: Self.selRes)
        self.listenTimeout = listenTimeout
        self.idleTimeout = idleTimeout
    }
}
