import ISODEP
import PN533

/// How a Type 4 Tag emulator presents itself on the RF side and paces itself.
public struct Type4TagEmulatorConfiguration: Sendable, Hashable {
    /// What TgInitAsTarget announces: SENS_RES `04 00` (single-size UID), UID `08` +
    /// NFCID1t, SEL_RES `20` (ISO/IEC 14443-4), as libnfc's Type 4 emulation does.
    public var target: TargetConfiguration
    /// The ATS, the WTX policy and the idle timeout of the ISO-DEP card.
    public var card: ISODEPCardConfiguration
    /// How long one TgInitAsTarget waits for a reader before the emulator arms the chip
    /// again: a safeguard, since the chip listens indefinitely and cancelling the emulator
    /// ends the wait at once. Arming again takes the tag out of the field for a moment (a
    /// reader polling then misses it), so it is long.
    public var listenTimeout: Duration
    /// A test hook: how long the host takes over every APDU, to make a `.whenSlow` WTX
    /// policy ask for more time.
    public var responseDelay: Duration
    /// Whether the tag stays silent after S(DESELECT) until the field goes off, as a card
    /// in HALT does (ISO/IEC 14443-3), instead of arming its chip again at once and answering
    /// the reader's next REQA as a new card (`TagEmulatorLoop.waitForFieldOff`).
    public var haltUntilFieldOff = true
    /// How often a halted tag checks whether the reader's field has gone: the `released` it
    /// then logs is at most this late.
    public var fieldCheckInterval: Duration = .milliseconds(1)
    /// Whether the log keeps the reader's ISO-DEP bookkeeping (`TagEvent.readerBlock`: R-
    /// and S-blocks, parts of chained commands), for cases that judge the reader's ISO-DEP;
    /// off by default, as it costs every APDU two more events.
    public var logsReaderBlocks = false

    /// SENS_RES of a single-size-UID ISO/IEC 14443-4 card.
    public static let sensRes: [UInt8] = [0x04, 0x00]
    /// SEL_RES announcing ISO/IEC 14443-4.
    public static let selRes: UInt8 = 0x20

    /// A configuration; the UID is `08` followed by `nfcid1t` (3 bytes).
    public init(
        nfcid1t: [UInt8] = [0x4E, 0x46, 0x43], card: ISODEPCardConfiguration = .init(),
        listenTimeout: Duration = .seconds(60), responseDelay: Duration = .zero
    ) {
        target = TargetConfiguration(sensRes: Self.sensRes, nfcid1t: nfcid1t, selRes: Self.selRes)
        self.card = card
        self.listenTimeout = listenTimeout
        self.responseDelay = responseDelay
    }
}
