import ISODEP
import TagFormat

/// Deliberate deviations from good reader behaviour, for the conformance suites to catch
/// (`--dut-fault`, issue 5). Each changes the reader in exactly one way; `none` is the
/// well-behaved reader.
public struct ReaderFaults: Sendable, Hashable {
    /// `restart-delay=<duration>`: polling restarts after this delay instead of the
    /// configured `restartPollingDelay`.
    public var restartDelay: Duration?
    /// `unsafe-write-order`: writes put the length first and the message after it
    /// (`NDEFWriteOrder.lengthFirst`), so a torn write leaves a corrupt message.
    public var unsafeWriteOrder: Bool
    /// `no-chunk-reassembly`: `readNDEF()` returns each chunk of a chunked record as a
    /// record of its own, as ndeflib does, instead of one reassembled record.
    public var noChunkReassembly: Bool
    /// `reads-multiple-tags`: with two tags in the field, `poll(timeout:)` connects to the one
    /// still selected instead of reporting `multipleTags` and restarting.
    public var readsMultipleTags: Bool
    /// `reports-cached-message`: asked to read with no tag connected (after reporting
    /// several), answers with the last message it read, as an app showing its cached
    /// `tag.ndef` does, instead of an error: a message the air never served.
    public var reportsCachedMessage = false
    /// `first-record-not-first-uri`: background-reading dispatch judges the message's first
    /// record instead of its first URI record (see `backgroundReadingVerdict(for:)`).
    public var firstRecordNotFirstURI: Bool
    /// `first-tlv-only`: Type 2 NDEF detection takes only the data area's first TLV, and a
    /// tag whose first TLV is not the NDEF Message TLV (a Lock Control TLV, as NTAG21x ship
    /// with; NULL padding) has no NDEF (somq/nfccard-tool#3).
    public var firstTLVOnly: Bool
    /// `one-byte-tlv-length`: a Type 2 NDEF TLV's length is read as one byte, so a 3-byte
    /// length (a message of 255 bytes or more) gives its `FF` as the length and the message
    /// read is the two length bytes and the first 253 (esphome/esphome#18188).
    public var oneByteTLVLength: Bool
    /// `ignores-lock-bits`: a Type 2 Tag counts as writable whenever its CC grants writing,
    /// whatever its static and dynamic lock bits say.
    public var ignoresLockBits: Bool
    /// `ignores-memory-control`: a Type 2 TLV walk jumps over lock bytes but not over the
    /// reserved bytes a Memory Control TLV declares, so they are read, and written, as
    /// message bytes.
    public var ignoresMemoryControl: Bool
    /// `ignores-wtx`: the reader runs ISO-DEP itself (over InCommunicateThru, not the chip's
    /// InDataExchange) and gives up on a card's first S(WTX), as readers have shipped
    /// (flipperdevices/flipperzero-firmware#3590).
    public var ignoresWTX = false
    /// `never-sends-rnak`: the reader runs ISO-DEP itself and, when a card's answer does not
    /// come, fails instead of asking again with R(NAK).
    public var neverSendsRNAK = false
    /// `no-chip-recovery`: the reader leaves the chip's MaxRtyCOM at 00, as libnfc does, so
    /// InDataExchange fails at a card's first lost or damaged answer instead of sending
    /// R(NAK).
    public var noChipRecovery = false
    /// Faults of the Type 4 procedures (`select-without-le`, `extended-cc-read`, ...).
    public var type4: Type4ReaderFaults
    /// Rules of Type 2 detection the reader breaks (`ignores-cc-version`,
    /// `reads-past-terminator`, `reads-past-data-area`: `Type2Leniency.named`).
    public var type2: Type2Leniency = []
    /// Faults of the ISO 7816 tag reader session.
    public var iso7816: ISO7816ReaderFaults = []
    /// Faults of the NDEF read and write (`nlen-off-by-one`, `skips-length-write`, ...).
    public var ndef: NDEFReaderFaults = []
    /// Faults of what background reading would open (`web-links-only`, ...).
    public var dispatch: BackgroundDispatchFaults = []
    /// Faults of the host's own ISO-DEP (`chains-within-fsc-minus-1`, `ignores-sfgi`, ...).
    public var isoDEP: ISODEPReaderFaults = []
    /// Faults of the Type 4 layout procedures (`assumes-ndef-file-e104`, `ignores-mle`, ...).
    public var type4Layout: Type4LayoutFaults = []
    /// Faults of what the ISO 7816 session reports at discovery (`selects-every-aid`, ...).
    public var iso7816Selection: ISO7816SelectionFaults = []
    /// Faults of the NDEF reader session (`times-out-early`, `stops-after-first-tag`, ...).
    public var session: SessionFaults = []
    /// Not a fault and no `--dut-fault`: the most bytes each READ BINARY of a Type 4 NDEF
    /// file asks for, below MLe, as a reader chooses (a libnfc adapter asking for 240, nfcpy
    /// for 255). Set by tests to show a case's verdict does not hang on it; nil: MLe.
    public var readSize: Int?

    /// The well-behaved reader.
    public static let none = ReaderFaults()

    /// Faults as given; all off by default.
    public init(
        restartDelay: Duration? = nil, unsafeWriteOrder: Bool = false,
        noChunkReassembly: Bool = false, readsMultipleTags: Bool = false,
        firstRecordNotFirstURI: Bool = false, firstTLVOnly: Bool = false,
        oneByteTLVLength: Bool = false, ignoresLockBits: Bool = false,
        ignoresMemoryControl: Bool = false, type4: Type4ReaderFaults = []
    ) {
        self.restartDelay = restartDelay
        self.unsafeWriteOrder = unsafeWriteOrder
        self.noChunkReassembly = noChunkReassembly
        self.readsMultipleTags = readsMultipleTags
        self.firstRecordNotFirstURI = firstRecordNotFirstURI
        self.firstTLVOnly = firstTLVOnly
        self.oneByteTLVLength = oneByteTLVLength
        self.ignoresLockBits = ignoresLockBits
        self.ignoresMemoryControl = ignoresMemoryControl
        self.type4 = type4
    }

    /// Faults from `--dut-fault` values: `restart-delay=800ms` (`ms` or `s`),
    /// `unsafe-write-order`, `no-chunk-reassembly`, `reads-multiple-tags`,
    /// `reports-cached-message`,
    /// `first-record-not-first-uri`, `first-tlv-only`, `one-byte-tlv-length`,
    /// `ignores-lock-bits`, `ignores-memory-control`, `ignores-wtx`, `never-sends-rnak`,
    /// `no-chip-recovery`, the
    /// Type 2 leniencies (`Type2Leniency.named`), the Type 4 faults
    /// (`Type4ReaderFaults.named`), the NDEF faults (`NDEFReaderFaults.named`) and the
    /// background dispatch faults (`BackgroundDispatchFaults.named`).
    public init(parsing specs: [String]) throws(ReaderFaultError) {
        self.init()
        for spec in specs {
            switch spec {
            case "unsafe-write-order": unsafeWriteOrder = true
            case "no-chunk-reassembly": noChunkReassembly = true
            case "reads-multiple-tags": readsMultipleTags = true
            case "reports-cached-message": reportsCachedMessage = true
            case "first-record-not-first-uri": firstRecordNotFirstURI = true
            case "first-tlv-only": firstTLVOnly = true
            case "one-byte-tlv-length": oneByteTLVLength = true
            case "ignores-lock-bits": ignoresLockBits = true
            case "ignores-memory-control": ignoresMemoryControl = true
            case "ignores-wtx": ignoresWTX = true
            case "never-sends-rnak": neverSendsRNAK = true
            case "no-chip-recovery": noChipRecovery = true
            default:
                if let fault = Type4ReaderFaults.named(spec) {
                    type4.insert(fault)
                    continue
                }
                if let fault = Type2Leniency.named(spec) {
                    type2.insert(fault)
                    continue
                }
                if let fault = ISO7816ReaderFaults.named(spec) {
                    iso7816.insert(fault)
                    continue
                }
                if let fault = NDEFReaderFaults.named(spec) {
                    ndef.insert(fault)
                    continue
                }
                if let fault = BackgroundDispatchFaults.named(spec) {
                    dispatch.insert(fault)
                    continue
                }
                if let fault = ISODEPReaderFaults.named(spec) {
                    isoDEP.insert(fault)
                    continue
                }
                if let fault = Type4LayoutFaults.named(spec) {
                    type4Layout.insert(fault)
                    continue
                }
                if let fault = ISO7816SelectionFaults.named(spec) {
                    iso7816Selection.insert(fault)
                    continue
                }
                if let fault = SessionFaults.named(spec) {
                    session.insert(fault)
                    continue
                }
                let prefix = "restart-delay="
                guard spec.hasPrefix(prefix) else { throw .unknownFault(spec) }
                restartDelay = try Self.duration(String(spec.dropFirst(prefix.count)))
            }
        }
    }

    /// The `--dut-fault` values that give these faults back.
    public var specs: [String] {
        var specs: [String] = []
        if let restartDelay {
            let milliseconds = Int((restartDelay / .milliseconds(1)).rounded())
            specs.append("restart-delay=\(milliseconds)ms")
        }
        if unsafeWriteOrder { specs.append("unsafe-write-order") }
        if noChunkReassembly { specs.append("no-chunk-reassembly") }
        if readsMultipleTags { specs.append("reads-multiple-tags") }
        if reportsCachedMessage { specs.append("reports-cached-message") }
        if firstRecordNotFirstURI { specs.append("first-record-not-first-uri") }
        if firstTLVOnly { specs.append("first-tlv-only") }
        if oneByteTLVLength { specs.append("one-byte-tlv-length") }
        if ignoresLockBits { specs.append("ignores-lock-bits") }
        if ignoresMemoryControl { specs.append("ignores-memory-control") }
        if ignoresWTX { specs.append("ignores-wtx") }
        if neverSendsRNAK { specs.append("never-sends-rnak") }
        if noChipRecovery { specs.append("no-chip-recovery") }
        return specs + type2.names + type4.names + iso7816.names + ndef.names + dispatch.names
            + isoDEP.names + type4Layout.names + iso7816Selection.names + session.names
    }

    private static func duration(_ text: String) throws(ReaderFaultError) -> Duration {
        for (unit, scale) in [("ms", 1), ("s", 1000)] where text.hasSuffix(unit) {
            guard let value = Int(text.dropLast(unit.count)), value >= 0 else { break }
            return .milliseconds(value * scale)
        }
        throw .invalidDuration(text)
    }
}

extension ReaderFaults {
    /// Whether the reader runs ISO-DEP in its own software (the ISO-DEP faults need it)
    /// rather than leaving it to the chip's InDataExchange.
    public var runsISODEPOnHost: Bool { hostISODEP != nil }

    /// The host's own ISO-DEP that the ISO-DEP faults put in the chip's place, configured
    /// with them; nil when the chip's ISO-DEP (InDataExchange) serves.
    var hostISODEP: ISODEPReaderConfiguration? {
        guard ignoresWTX || neverSendsRNAK || !isoDEP.isEmpty else { return nil }
        var configuration = ISODEPReaderConfiguration()
        if ignoresWTX { configuration.maximumWaitingTimeExtensions = 0 }
        if neverSendsRNAK { configuration.retransmissions = 0 }
        isoDEP.apply(to: &configuration)
        return configuration
    }
}
