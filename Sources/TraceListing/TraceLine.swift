import PacketTrace

/// One record as the listing reads it: what the text listing prints on its line and what
/// `nfcrig trace --json` gives a script, so that both say the same of every record.
public struct TraceLine: Sendable, Hashable {
    /// The interface ID the record came from.
    public var interface: Int
    /// The record.
    public var record: TraceRecord
    /// Nanoseconds since the record listed before it; `nil` for the first.
    public var delta: Int64?
    /// What it is, given the records before it on its interface, and its CRC_A.
    public var annotation: TraceAnnotation
    /// The packet's comments, listed before it.
    public var comments: [String]
    /// The records a bounded trace dropped just before this one, when a comment says so.
    public var gap: TraceGap?

    /// A line.
    public init(
        interface: Int, record: TraceRecord, delta: Int64?, annotation: TraceAnnotation,
        comments: [String] = [], gap: TraceGap? = nil
    ) {
        self.interface = interface
        self.record = record
        self.delta = delta
        self.annotation = annotation
        self.comments = comments
        self.gap = gap
    }

    /// Who sent it, the listing's `src` column: `reader` and `card` on the air (the PCD
    /// and the PICC, whichever chip plays them), `field` for a field switch, `host` and
    /// `chip` on USB.
    public var source: String {
        switch record.kind {
        case .pcdToPICC: "reader"
        case .piccToPCD: "card"
        case .fieldOn, .fieldOff: "field"
        case .hostToChip: "host"
        case .chipToHost: "chip"
        }
    }
}
