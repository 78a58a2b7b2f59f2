import NFCRigTestSupport
import PacketTrace
import Testing

/// A gap written into a trace file as a comment reads back as the same gap, and no other
/// comment reads as one.
@Suite struct TraceGapSummaryTests {
    @Test func aGapSummaryReadsBackAsTheGap() throws {
        var trace = BoundedTrace(limit: TraceLimit(maximumRecords: 4, maximumBytes: 1_000))
        for record in SampleTraces.type4Activation { trace.append(record) }
        let gap = try #require(trace.gap)
        #expect(TraceGap(summary: gap.summary, index: gap.index) == gap)
        let late = TraceGap(
            index: 7, records: 1, bytes: 0, first: 9_000_000_000_123, last: 9_000_000_000_123)
        #expect(TraceGap(summary: late.summary, index: 7) == late)
    }

    @Test func otherCommentsAreNoGap() {
        for comment in [
            "", "case t4t.read-ndef", "94 records (376 bytes) dropped",
            "94 records (376 bytes) dropped by the trace limit, from 0.000003000 s to 1.096 s",
            "94 records (376 bytes) dropped by the trace limit, from 0.000003000 s to +1.096000000 s",
            "x4 records (376 bytes) dropped by the trace limit, from 0.000003000 s to 1.096000000 s",
            "94 records (376 bytes) lost by the trace limit, from 0.000003000 s to 1.096000000 s",
            "94 records (376 bytes) dropped by the trace limit, from 99999999999.000000000 s to "
                + "99999999999.000000000 s",
        ] {
            #expect(TraceGap(summary: comment, index: 0) == nil, "\(comment)")
        }
    }
}
