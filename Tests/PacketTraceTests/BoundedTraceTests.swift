import PacketTrace
import Testing

@Suite struct BoundedTraceTests {
    /// Record `index`: a 4-byte frame stamped `index` µs.
    static func record(_ index: Int, size: Int = 4) -> TraceRecord {
        TraceRecord(
            timestamp: Int64(index) * 1_000, kind: index % 2 == 0 ? .pcdToPICC : .piccToPCD,
            bytes: Array(repeating: UInt8(truncatingIfNeeded: index), count: size))
    }

    @Test func aTraceWithinItsLimitKeepsEveryRecordAndReportsNoGap() {
        var trace = BoundedTrace(limit: TraceLimit(maximumRecords: 10, maximumBytes: 40))
        let records = (0..<10).map { Self.record($0) }
        for record in records { trace.append(record) }
        #expect(trace.records == records)
        #expect(trace.count == 10)
        #expect(trace.gap == nil)
    }

    @Test func aTraceOverItsRecordLimitKeepsTheStartAndTheEndAndCountsWhatItDropped() {
        var trace = BoundedTrace(limit: TraceLimit(maximumRecords: 6, maximumBytes: 1_000))
        let records = (0..<100).map { Self.record($0) }
        for record in records { trace.append(record) }
        #expect(trace.records == Array(records[0..<3]) + Array(records[97..<100]))
        #expect(
            trace.gap
                == TraceGap(index: 3, records: 94, bytes: 94 * 4, first: 3_000, last: 96_000))
    }

    @Test func aTraceOverItsByteLimitKeepsAsManyRecordsAsTheBytesAllow() {
        // 20 bytes for the start, 20 for the end: five 4-byte records each.
        var trace = BoundedTrace(limit: TraceLimit(maximumRecords: 1_000, maximumBytes: 40))
        let records = (0..<50).map { Self.record($0) }
        for record in records { trace.append(record) }
        #expect(trace.records == Array(records[0..<5]) + Array(records[45..<50]))
        #expect(trace.gap?.records == 40)
        #expect(trace.gap?.bytes == 160)
    }

    @Test func aRecordTooLargeForTheStartClosesItSoTheStartStaysContiguous() {
        // 20 bytes for the start, 20 for the end.
        var trace = BoundedTrace(limit: TraceLimit(maximumRecords: 100, maximumBytes: 40))
        trace.append(Self.record(0, size: 10))
        trace.append(Self.record(1, size: 12))  // 22 bytes: over the start's 20
        trace.append(Self.record(2))  // would fit the start, but must not go before 1
        #expect(trace.records.map(\.timestamp) == [0, 1_000, 2_000])
        #expect(trace.gap == nil)
    }

    @Test func aRecordLargerThanTheWholeEndEmptiesItAndIsCountedAsDropped() {
        var trace = BoundedTrace(limit: TraceLimit(maximumRecords: 100, maximumBytes: 40))
        for index in 0..<8 { trace.append(Self.record(index)) }
        trace.append(Self.record(8, size: 21))
        #expect(trace.records.map(\.timestamp) == (0..<5).map { Int64($0) * 1_000 })
        #expect(trace.gap == TraceGap(index: 5, records: 4, bytes: 33, first: 5_000, last: 8_000))
        // What comes after it is kept again.
        trace.append(Self.record(9))
        #expect(trace.records.last == Self.record(9))
        #expect(trace.gap?.records == 4)
    }

    @Test func theEndRingAgreesWithAPlainArrayAcrossManyWrapsAndGrowths() {
        let limit = TraceLimit(maximumRecords: 200, maximumBytes: 600)
        var trace = BoundedTrace(limit: limit)
        var model = NaiveBoundedTrace(limit: limit)
        for index in 0..<5_000 {
            // Sizes from 0 to 12 in a scrambled order make the byte limit and the record
            // limit take turns; now and then a record too large for the end empties it.
            let size = index % 997 == 0 ? 400 : index * 7_919 % 13
            let record = Self.record(index, size: size)
            trace.append(record)
            model.append(record)
            if index % 250 == 0 || index == 4_999 {
                #expect(trace.records == model.head + model.tail, "after record \(index)")
                #expect(trace.gap == model.gap, "after record \(index)")
            }
        }
    }

    @Test func aZeroLimitKeepsNothingAndCountsEverything() {
        var trace = BoundedTrace(limit: TraceLimit(maximumRecords: 0, maximumBytes: 0))
        for index in 0..<3 { trace.append(Self.record(index)) }
        #expect(trace.records.isEmpty)
        #expect(trace.gap == TraceGap(index: 0, records: 3, bytes: 12, first: 0, last: 2_000))
    }

    @Test func theGapSummarySaysHowMuchWasDroppedAndWhen() {
        let gap = TraceGap(index: 3, records: 94, bytes: 376, first: 3_000, last: 1_096_000_000)
        #expect(
            gap.summary
                == "94 records (376 bytes) dropped by the trace limit, from 0.000003000 s to "
                + "1.096000000 s")
    }
}

/// `BoundedTrace` as plainly as it can be written: arrays, `removeFirst`, no ring.
private struct NaiveBoundedTrace {
    let limit: TraceLimit
    var head: [TraceRecord] = []
    var tail: [TraceRecord] = []
    var headClosed = false
    var gap: TraceGap?

    init(limit: TraceLimit) { self.limit = limit }

    mutating func append(_ record: TraceRecord) {
        let headRecords = limit.maximumRecords / 2
        let headBytes = limit.maximumBytes / 2
        if !headClosed && head.count < headRecords
            && bytes(head) + record.bytes.count <= headBytes
        {
            head.append(record)
            return
        }
        headClosed = true
        tail.append(record)
        while !tail.isEmpty
            && (tail.count > limit.maximumRecords - headRecords
                || bytes(tail) > limit.maximumBytes - headBytes)
        {
            drop(tail.removeFirst())
        }
    }

    private mutating func drop(_ record: TraceRecord) {
        var next =
            gap
            ?? TraceGap(
                index: head.count, records: 0, bytes: 0, first: record.timestamp, last: 0)
        next.records += 1
        next.bytes += record.bytes.count
        next.last = record.timestamp
        gap = next
    }

    private func bytes(_ records: [TraceRecord]) -> Int {
        records.reduce(0) { $0 + $1.bytes.count }
    }
}
