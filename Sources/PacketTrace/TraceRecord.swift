/// One thing a trace saw: a frame on the air, a field switch or a USB transfer, with the
/// time it started.
///
/// `crcCaptured` says whether RF bytes are as they went on the air: `true` when frames that
/// carry CRC_A end with it (the simulated field sees every bit), `false` when a capture
/// dropped it (a PN533 hands its host frames without CRC, so a trace recorded by a driver
/// has none). Frames that carry no CRC on the air at all (REQA, WUPA, ATQA, anticollision,
/// UID, a Type 2 ACK/NAK; see `CRCA`) are recorded as they are, with `crcCaptured` `true`:
/// deciding which frames those are is the listing's business, not the recorder's. USB
/// records and field switches ignore it.
public struct TraceRecord: Sendable, Hashable {
    /// When the record started, in nanoseconds: since the Unix epoch on a bench, since the
    /// simulation started in a simulated rig (pcapng timestamps are unsigned, so never
    /// negative).
    public var timestamp: Int64
    /// What it is.
    public var kind: TraceRecordKind
    /// The frame's or transfer's bytes; empty for a field switch.
    public var bytes: [UInt8]
    /// Whether RF frames keep their CRC_A (see above).
    public var crcCaptured: Bool

    /// A record; `crcCaptured` defaults to bytes as they went on the air.
    public init(timestamp: Int64, kind: TraceRecordKind, bytes: [UInt8], crcCaptured: Bool = true) {
        self.timestamp = timestamp
        self.kind = kind
        self.bytes = bytes
        self.crcCaptured = crcCaptured
    }

    /// The reader switched its field on at `timestamp`.
    public static func fieldOn(at timestamp: Int64) -> TraceRecord {
        TraceRecord(timestamp: timestamp, kind: .fieldOn, bytes: [])
    }

    /// The reader switched its field off at `timestamp`.
    public static func fieldOff(at timestamp: Int64) -> TraceRecord {
        TraceRecord(timestamp: timestamp, kind: .fieldOff, bytes: [])
    }
}
