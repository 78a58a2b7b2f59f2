/// A gap read back from a trace file: pcapng has no block for "records dropped here", so
/// `PcapngWriter` writes `summary` as the comment of the first packet after the gap, and
/// this turns that comment into the gap again.
extension TraceGap {
    /// The gap `summary` describes, before kept record `index`; `nil` when the text is not
    /// a gap's summary (any other packet comment).
    public init?(summary: String, index: Int) {
        // "94 records (376 bytes) dropped by the trace limit, from 0.000003000 s to
        // 1.096000000 s": the numbers are words 0, 2, 10 and 13.
        let words = summary.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 15, let records = Int(words[0]),
            let bytes = Int(words[2].dropFirst()),
            let first = Self.nanoseconds(words[10]),
            let last = Self.nanoseconds(words[13])
        else { return nil }
        self.init(index: index, records: records, bytes: bytes, first: first, last: last)
        // Whatever the words between the numbers say, only the writer's own text is a gap.
        guard self.summary == summary else { return nil }
    }

    /// `1.096000000` (as `TraceTime.seconds` writes it) in nanoseconds.
    private static func nanoseconds(_ text: Substring) -> Int64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 9, let seconds = Int64(parts[0]),
            let fraction = Int64(parts[1]), fraction >= 0
        else { return nil }
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow, product >= 0 else { return nil }
        return product.addingReportingOverflow(fraction).overflow ? nil : product + fraction
    }
}
