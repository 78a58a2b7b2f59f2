import Testing

@testable import Reporting

@Suite struct MeasurementSummaryTests {
    @Test func percentilesOfOneToAThousandMicrosecondsAreExact() throws {
        let summary = try #require(
            MeasurementSummary(samples: (1...1000).reversed().map { .microseconds($0) }))
        #expect(summary.unit == "ms")
        #expect(summary.count == 1000)
        #expect(summary.min == 0.001)
        #expect(summary.p50 == 0.5)
        #expect(summary.p90 == 0.9)
        #expect(summary.p99 == 0.99)
        #expect(summary.max == 1.0)
    }

    @Test func percentilesOfALongUniformDistributionStayWithinATenthOfAPercent() throws {
        // 1 ms ... 1000 ms: above 2.048 ms HdrHistogram's buckets widen.
        let summary = try #require(
            MeasurementSummary(samples: (1...1000).map { .milliseconds($0) }))
        for (value, expected) in [
            (summary.p50, 500.0), (summary.p90, 900.0), (summary.p99, 990.0),
        ] {
            #expect(value >= expected)
            #expect(value <= expected * 1.001)
        }
        #expect(summary.min == 1)
        #expect(summary.max == 1000)
    }

    @Test func aSingleSampleIsEveryStatistic() throws {
        let summary = try #require(MeasurementSummary(samples: [.microseconds(12_345)]))
        #expect(
            [summary.min, summary.p50, summary.p90, summary.p99, summary.max]
                == Array(repeating: 12.345, count: 5))
    }

    @Test func samplesAreRoundedToTheNearestMicrosecond() throws {
        let summary = try #require(
            MeasurementSummary(samples: [.nanoseconds(1_499), .nanoseconds(2_500), .zero]))
        #expect(summary.min == 0)
        #expect(summary.max == 0.003)
        #expect(summary.p50 == 0.001)
    }

    @Test func negativeSamplesCountAsZero() throws {
        let summary = try #require(
            MeasurementSummary(samples: [.milliseconds(-5), .milliseconds(1)]))
        #expect(summary.min == 0)
    }

    @Test func noSamplesGiveNoSummary() {
        #expect(MeasurementSummary(samples: []) == nil)
    }
}
