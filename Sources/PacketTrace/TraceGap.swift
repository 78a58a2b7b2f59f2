/// The records a `BoundedTrace` dropped: all of them lie between the kept start and the
/// kept end, so the gap is one place in the trace.
public struct TraceGap: Sendable, Hashable {
    /// How many kept records come before the gap (the index of the first record after it).
    public var index: Int
    /// Records dropped.
    public var records: Int
    /// Their bytes.
    public var bytes: Int
    /// The timestamps of the first and the last record dropped.
    public var first: Int64
    public var last: Int64

    /// A gap of `records` records (`bytes` bytes) from `first` to `last`, before kept record
    /// `index`.
    public init(index: Int, records: Int, bytes: Int, first: Int64, last: Int64) {
        self.index = index
        self.records = records
        self.bytes = bytes
        self.first = first
        self.last = last
    }

    /// `94 records (376 bytes) dropped by the trace limit, from 0.000003000 s to
    /// 1.096000000 s`, for the comments of a trace file and the listing.
    public var summary: String {
        "\(records) records (\(bytes) bytes) dropped by the trace limit, from "
            + "\(TraceTime.seconds(first)) s to \(TraceTime.seconds(last)) s"
    }
}
