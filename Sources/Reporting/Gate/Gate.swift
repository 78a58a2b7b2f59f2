import Conformance

/// Compares a candidate run's report with a baseline's: `nfcrig gate`.
///
/// Regressions (the gate fails):
/// - a case that passed in the baseline fails or errors in the candidate;
/// - a metric whose median grew beyond both limits, whatever the noise: with at least
///   ``MedianShift/minimumSamples`` samples in each run, the Hodges–Lehmann estimate of the
///   shift of its median has a confidence interval (``MedianShift``), and the whole interval
///   lies above `tolerance` of the baseline's median and above `minimumDelta`; an interval
///   that ends exactly at a limit is allowed.
///
/// Lost coverage (the gate fails, unless an accept entry names it): what the baseline
/// judged or measured and the candidate does not:
/// - a baseline case is missing from the candidate;
/// - a case that passed or failed in the baseline skips in the candidate;
/// - a metric measured in the baseline has no sample in the candidate.
///
/// Listed, never regressions: improvements (a whole interval below both limits' negatives,
/// fail/error → pass), metrics whose interval reaches inside the limits (within noise),
/// metrics with too few samples in either run (not enough samples to judge: reports before
/// schema 4 kept none), new cases, metrics that appeared and any other verdict change.
/// p99 is shown, not judged. Samples are whole microseconds and the tolerance is compared to
/// a millionth, so the limits are exact.
public enum Gate {
    /// Every change from `baseline` to `candidate`, each assessed.
    ///
    /// - Parameters:
    ///   - tolerance: The growth of a median allowed, relative to the baseline's median, as
    ///     a fraction (`0.1` for 10 %); negative values count as 0.
    ///   - minimumDelta: The absolute growth always allowed, so that a real but tiny shift
    ///     of a fast metric does not fail the gate.
    ///   - confidence: The two-sided confidence of the shift's interval, from 0.5 to
    ///     0.9999 (other values are clamped into that range).
    ///   - accepting: Lost coverage accepted on purpose; an entry that accepts nothing is
    ///     reported in the result's warnings, so that a stale list is noticed.
    ///   - warnings: Warnings found before the comparison (``check(baseline:candidate:allowDifferentProfile:allowDifferentCatalogue:)``),
    ///     listed first.
    public static func compare(
        baseline: Report, candidate: Report, tolerance: Double = 0.10,
        minimumDelta: Duration = .microseconds(500), confidence: Double = 0.99,
        accepting: [GateAcceptance] = [], warnings: [String] = []
    ) -> GateResult {
        let confidence = confidence.isNaN ? 0.99 : min(max(confidence, 0.5), 0.9999)
        let limits = Limits(
            tolerance: tolerance, minimumDelta: minimumDelta, confidence: confidence)
        let candidates = Dictionary(
            candidate.cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [GateChange] = []
        var seen = Set<String>()
        for old in baseline.cases where seen.insert(old.id).inserted {
            if let new = candidates[old.id] {
                changes += compare(old, new, limits: limits)
            } else {
                changes.append(
                    GateChange(
                        caseID: old.id, suite: old.suite, kind: .caseMissing(baseline: old.verdict),
                        assessment: .lostCoverage))
            }
        }
        for new in candidate.cases where seen.insert(new.id).inserted {
            changes.append(
                GateChange(
                    caseID: new.id, suite: new.suite, kind: .caseAdded(candidate: new.verdict),
                    assessment: .neutral))
        }
        let stale = accepting.filter { entry in !changes.contains(where: entry.accepts) }.map {
            "\($0.source) accepts \($0.text), but the candidate lost no coverage there: "
                + "remove the entry"
        }
        for index in changes.indices where accepting.contains(where: { $0.accepts(changes[index]) })
        {
            changes[index].assessment = .accepted
        }
        return GateResult(
            baseline: GateRunFacts(baseline), candidate: GateRunFacts(candidate),
            tolerance: tolerance, minimumDelta: minimumDelta, confidence: confidence,
            changes: changes,
            warnings: warnings + samplesWarnings(changes, baseline: baseline, candidate: candidate)
                + stale)
    }

    /// Whether two runs may be compared: the same profile and the same case catalogue,
    /// unless allowed. What cannot be checked (a report without a profile or a catalogue
    /// fingerprint, written by an older nfcrig) and what was allowed come back as warnings.
    ///
    /// - Throws: ``GateRefusal`` naming both values, profile first.
    public static func check(
        baseline: Report, candidate: Report, allowDifferentProfile: Bool = false,
        allowDifferentCatalogue: Bool = false
    ) throws(GateRefusal) -> [String] {
        var warnings: [String] = []
        switch (baseline.judgedProfiles, candidate.judgedProfiles) {
        case (let old?, let new?) where old != new:
            guard allowDifferentProfile else {
                throw .differentProfiles(baseline: old, candidate: new)
            }
            warnings.append(
                "the baseline was judged under profile \(old) and the candidate under \(new); "
                    + "compared anyway (--allow-different-profile)")
        case (nil, _), (_, nil):
            let which = baseline.judgedProfiles == nil ? "baseline" : "candidate"
            warnings.append(
                "the \(which)'s report does not say its profile (written before profiles): "
                    + "whether both runs were judged by the same rules is unknown")
        default: break
        }
        switch (baseline.catalogue, candidate.catalogue) {
        case (let old?, let new?) where old != new:
            let describe = { (item: CatalogueFingerprint) in
                "\(item.fingerprint) (\(item.cases) cases)"
            }
            guard allowDifferentCatalogue else {
                throw .differentCatalogues(baseline: describe(old), candidate: describe(new))
            }
            warnings.append(
                "the baseline's case catalogue is \(describe(old)) and the candidate's "
                    + "\(describe(new)); compared anyway (--allow-different-catalogue)")
        case (nil, _), (_, nil):
            let which =
                baseline.catalogue == nil && candidate.catalogue == nil
                ? "neither report records"
                : baseline.catalogue == nil
                    ? "the baseline's report does not record"
                    : "the candidate's report does not record"
            warnings.append(
                "\(which) its case catalogue (schema \(Report.firstSchema), written by an older "
                    + "nfcrig): whether a case ID names the same check in both runs is unknown")
        default: break
        }
        return warnings
    }

    /// What a verdict change means.
    public static func assess(baseline: Verdict, candidate: Verdict) -> GateAssessment {
        switch (baseline, candidate) {
        case (.pass, .fail), (.pass, .error): .regression
        case (.pass, .skip), (.fail, .skip): .lostCoverage
        case (.fail, .pass), (.error, .pass): .improvement
        default: .neutral
        }
    }

    private static func compare(_ old: CaseReport, _ new: CaseReport, limits: Limits)
        -> [GateChange]
    {
        func change(_ kind: GateChange.Kind, _ assessment: GateAssessment) -> GateChange {
            GateChange(caseID: new.id, suite: new.suite, kind: kind, assessment: assessment)
        }
        var changes: [GateChange] = []
        if old.verdict != new.verdict {
            changes.append(
                change(
                    .verdict(baseline: old.verdict, candidate: new.verdict),
                    assess(baseline: old.verdict, candidate: new.verdict)))
        }
        for metric in Set(old.measurements.keys).union(new.measurements.keys).sorted() {
            switch (old.measurements[metric], new.measurements[metric]) {
            case (let before?, let after?):
                if let split = bySeries(metric, old, new, limits: limits) {
                    changes += split.map { change($0.0, $0.1) }
                    continue
                }
                let comparison = limits.compare(
                    metric: metric,
                    baseline: LatencySamples(
                        samplesMicroseconds: old.samplesMicroseconds(of: metric), summary: before),
                    candidate: LatencySamples(
                        samplesMicroseconds: new.samplesMicroseconds(of: metric), summary: after))
                guard let comparison else { continue }
                changes.append(change(.latency(comparison.0), comparison.1))
            case (_?, nil): changes.append(change(.metricMissing(metric: metric), .lostCoverage))
            case (nil, _?): changes.append(change(.metricAdded(metric: metric), .neutral))
            case (nil, nil): break
            }
        }
        return changes
    }

    /// A metric compared series by series, when both reports kept samples and the metric's
    /// series differ in their conditions in either run (a read at each bit rate, of each
    /// tag type): a slow-down under one condition would drown in the others if their
    /// samples were pooled. Conditions measured in one run only are lost coverage or
    /// added. Nil when the metric is one series (or one set of conditions) in each run, or
    /// a report kept no samples: it is then compared whole.
    private static func bySeries(
        _ metric: String, _ old: CaseReport, _ new: CaseReport, limits: Limits
    ) -> [(GateChange.Kind, GateAssessment)]? {
        guard let before = old.series, let after = new.series else { return nil }
        func groups(_ series: [LatencySeries]) -> [(MeasurementConditions?, [Int64])] {
            var order: [MeasurementConditions?] = []
            var samples: [MeasurementConditions?: [Int64]] = [:]
            for entry in series where entry.name == metric {
                if samples[entry.conditions] == nil { order.append(entry.conditions) }
                samples[entry.conditions, default: []] += entry.samplesMicroseconds
            }
            return order.map { ($0, samples[$0] ?? []) }
        }
        let baseline = groups(before)
        let candidate = groups(after)
        // One set of conditions a run is compared whole only when it is the same set: a
        // read at 106 kbps against one at 212 is no shift of one median.
        guard baseline.count > 1 || candidate.count > 1 || baseline.map(\.0) != candidate.map(\.0)
        else { return nil }
        let candidateSamples = Dictionary(candidate, uniquingKeysWith: +)
        let baselineConditions = Set(baseline.map(\.0))
        var changes: [(GateChange.Kind, GateAssessment)] = []
        for (conditions, samples) in baseline {
            guard let other = candidateSamples[conditions] else {
                changes.append(
                    (.metricMissing(metric: metric, conditions: conditions), .lostCoverage))
                continue
            }
            guard let summary = Self.summary(samples), let otherSummary = Self.summary(other),
                let compared = limits.compare(
                    metric: metric, conditions: conditions,
                    baseline: LatencySamples(samplesMicroseconds: samples, summary: summary),
                    candidate: LatencySamples(samplesMicroseconds: other, summary: otherSummary))
            else { continue }
            changes.append((.latency(compared.0), compared.1))
        }
        for (conditions, _) in candidate where !baselineConditions.contains(conditions) {
            changes.append((.metricAdded(metric: metric, conditions: conditions), .neutral))
        }
        return changes
    }

    /// The summary of one series' samples, for its p99 and its count.
    private static func summary(_ micros: [Int64]) -> MeasurementSummary? {
        MeasurementSummary(samples: micros.map { .microseconds($0) })
    }

    /// Warns, once per run, that a report keeps no samples when that left a latency
    /// unjudged, so that rows of "not enough samples to judge" are explained.
    private static func samplesWarnings(
        _ changes: [GateChange], baseline: Report, candidate: Report
    ) -> [String] {
        var unsampled = (baseline: false, candidate: false)
        for change in changes where change.assessment == .notEnoughSamples {
            guard case .latency(let latency) = change.kind else { continue }
            if latency.baseline.sortedMicroseconds == nil { unsampled.baseline = true }
            if latency.candidate.sortedMicroseconds == nil { unsampled.candidate = true }
        }
        return [
            ("baseline", baseline, unsampled.baseline),
            ("candidate", candidate, unsampled.candidate),
        ].compactMap { which, report, warn in
            guard warn else { return nil }
            return "the \(which)'s report (schema \(report.schema)) keeps only each metric's "
                + "summary, not its samples: its latencies cannot be judged and are listed as "
                + "not enough samples to judge; run it again with this nfcrig"
        }
    }

    /// The latency limits in exact integer form, and the judgement by them.
    private struct Limits {
        /// The tolerance in millionths.
        var tolerancePPM: Int128
        /// The minimum delta in microseconds.
        var minimumDeltaMicros: Int128
        /// The interval's confidence.
        var confidence: Double

        /// The most samples per run the shift is computed from: its cost grows with the
        /// product of both runs' counts, and a report can claim any number.
        static let maximumSamples = 1_000

        init(tolerance: Double, minimumDelta: Duration, confidence: Double) {
            let clamped = tolerance.isNaN ? 0 : min(max(tolerance, 0), 1e12)
            tolerancePPM = Int128((clamped * 1_000_000).rounded())
            minimumDeltaMicros = Int128(Microseconds.of(minimumDelta))
            self.confidence = confidence
        }

        /// The comparison of a metric and its assessment; nil when both runs measured the
        /// same (identical samples, or identical summaries where samples were not kept).
        func compare(
            metric: String, conditions: MeasurementConditions? = nil, baseline: LatencySamples,
            candidate: LatencySamples
        ) -> (LatencyComparison, GateAssessment)? {
            guard !baseline.isSame(as: candidate) else { return nil }
            var shift: MedianShift?
            if let before = baseline.sortedMicroseconds, let after = candidate.sortedMicroseconds {
                shift = MedianShift(
                    baseline: Self.thinned(before), candidate: Self.thinned(after),
                    confidence: confidence)
            }
            let comparison = LatencyComparison(
                metric: metric, conditions: conditions, baseline: baseline,
                candidate: candidate, shift: shift)
            return (comparison, shift.map(assess) ?? .notEnoughSamples)
        }

        /// Regression when the whole interval lies strictly above both limits, improvement
        /// when it lies strictly below both negated, within noise otherwise.
        ///
        /// The interval's ends are differences of whole microseconds and the baseline's median
        /// a whole or half microsecond, so doubling both keeps the comparison in integers:
        /// `end / median > tolerance` becomes `2·end·10⁶ > tolerancePPM · 2·median`.
        func assess(_ shift: MedianShift) -> GateAssessment {
            let median2 = Int128((shift.baselineMedian * 2).rounded())
            func beyond(_ end: Double) -> Bool {
                let size = Int128(end.magnitude.rounded())
                return size * 2 * 1_000_000 > tolerancePPM * median2 && size > minimumDeltaMicros
            }
            if shift.interval.lowerBound > 0, beyond(shift.interval.lowerBound) {
                return .regression
            }
            if shift.interval.upperBound < 0, beyond(shift.interval.upperBound) {
                return .improvement
            }
            return .withinNoise
        }

        /// Sorted samples as doubles; more than ``maximumSamples`` are replaced by that many
        /// evenly spaced order statistics, which keep the distribution's shape and only
        /// widen the interval.
        static func thinned(_ sorted: [Int64]) -> [Double] {
            guard sorted.count > maximumSamples else { return sorted.map(Double.init) }
            let last = Double(sorted.count - 1)
            return (0..<maximumSamples).map { index in
                Double(sorted[Int((Double(index) * last / Double(maximumSamples - 1)).rounded())])
            }
        }
    }
}
