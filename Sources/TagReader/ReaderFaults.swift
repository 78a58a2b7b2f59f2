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
    /// `first-record-not-first-uri`: background-reading dispatch judges the message's first
    /// record instead of its first URI record (see `backgroundReadingVerdict(for:)`).
    public var firstRecordNotFirstURI: Bool
    /// Faults of the Type 4 procedures (`select-without-le`, `extended-cc-read`, ...).
    public var type4: Type4ReaderFaults

    /// The well-behaved reader.
    public static let none = ReaderFaults()

    /// Faults as given; all off by default.
    public init(
        restartDelay: Duration? = nil, unsafeWriteOrder: Bool = false,
        noChunkReassembly: Bool = false, readsMultipleTags: Bool = false,
        firstRecordNotFirstURI: Bool = false, type4: Type4ReaderFaults = []
    ) {
        self.restartDelay = restartDelay
        self.unsafeWriteOrder = unsafeWriteOrder
        self.noChunkReassembly = noChunkReassembly
        self.readsMultipleTags = readsMultipleTags
        self.firstRecordNotFirstURI = firstRecordNotFirstURI
        self.type4 = type4
    }

    /// Faults from `--dut-fault` values: `restart-delay=800ms` (`ms` or `s`),
    /// `unsafe-write-order`, `no-chunk-reassembly`, `reads-multiple-tags`,
    /// `first-record-not-first-uri`, and the Type 4 faults (`Type4ReaderFaults.named`).
    public init(parsing specs: [String]) throws(ReaderFaultError) {
        self.init()
        for spec in specs {
            switch spec {
            case "unsafe-write-order": unsafeWriteOrder = true
            case "no-chunk-reassembly": noChunkReassembly = true
            case "reads-multiple-tags": readsMultipleTags = true
            case "first-record-not-first-uri": firstRecordNotFirstURI = true
            default:
                if let fault = Type4ReaderFaults.named(spec) {
                    type4.insert(fault)
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
        if firstRecordNotFirstURI { specs.append("first-record-not-first-uri") }
        return specs + type4.names
    }

    private static func duration(_ text: String) throws(ReaderFaultError) -> Duration {
        for (unit, scale) in [("ms", 1), ("s", 1000)] where text.hasSuffix(unit) {
            guard let value = Int(text.dropLast(unit.count)), value >= 0 else { break }
            return .milliseconds(value * scale)
        }
        throw .invalidDuration(text)
    }
}
