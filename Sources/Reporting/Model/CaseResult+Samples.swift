import Conformance

extension CaseResult {
    /// Every sample per metric name: a case may record one metric in several series, and
    /// they are one distribution.
    var samplesByMetric: [String: [Duration]] {
        var samples: [String: [Duration]] = [:]
        for series in measurements { samples[series.name, default: []] += series.samples }
        return samples
    }
}
