import Conformance

/// Compares a candidate run's report with a baseline's: `nfcrig gate`.
///
/// Regressions (the gate fails):
/// - a case that passed in the baseline fails or errors in the candidate;
/// - a metric's p50 or p99 grew by more than `tolerance` (relative to the baseline) and
///   by more than `minimumDelta`; growth exactly at either limit is allowed.
///
/// Lost coverage (the gate fails, unless an accept entry names it): what the baseline
/// judged or measured and the candidate does not:
/// - a baseline case is missing from the candidate;
/// - a case that passed or failed in the baseline skips in the candidate;
/// - a metric measured in the baseline has no sample in the candidate.
///
/// Improvements (a p50/p99 shrunk beyond both limits, fail/error → pass), new cases, metrics
/// that appeared and any other verdict change are listed, never regressions.
/// Latencies are compared in whole microseconds and the tolerance to a millionth, so the
/// limits are exact.
public enum Gate {
    /// Every change from `baseline` to `candidate`, each assessed.
    ///
    /// - Parameters:
    ///   - tolerance: The relative growth allowed, as a fraction (`0.1` for 10 %); negative
    ///     values count as 0.
    ///   - minimumDelta: The absolute growth always allowed, so that noise on fast metrics
    ///     does not fail the gate.
    ///   - accepting: Lost coverage accepted on purpose; an entry that accepts nothing is
    ///     reported in the result's warnings, so that a stale list is noticed.
    ///   - warnings: Warnings found before the comparison (``check(baseline:candidate:allowDifferentProfile:allowDifferentCatalogue:)``),
    ///     listed first.
    public static func compare(
        baseline: Report, candidate: Report, tolerance: Double = 0.10,
        minimumDelta: Duration = .microseconds(500), accepting: [GateAcceptance] = [],
        warnings: [String] = []
    ) -> GateResult {
        let limits = Limits(tolerance: tolerance, minimumDelta: minimumDelta)
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
            tolerance: tolerance, minimumDelta: minimumDelta, changes: changes,
            warnings: warnings + stale)
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
                for percentile in GatePercentile.allCases {
                    let latency = LatencyChange(
                        metric: metric, percentile: percentile,
                        baselineMs: before.value(at: percentile),
                        candidateMs: after.value(at: percentile))
                    guard latency.deltaMs != 0 else { continue }
                    changes.append(change(.latency(latency), limits.assess(latency)))
                }
            case (_?, nil): changes.append(change(.metricMissing(metric: metric), .lostCoverage))
            case (nil, _?): changes.append(change(.metricAdded(metric: metric), .neutral))
            case (nil, nil): break
            }
        }
        return changes
    }

    /// The latency limits in exact integer form.
    private struct Limits {
        /// The tolerance in millionths.
        var tolerancePPM: Int128
        /// The minimum delta in microseconds.
        var minimumDeltaMicros: Int128

        init(tolerance: Double, minimumDelta: Duration) {
            let clamped = tolerance.isNaN ? 0 : min(max(tolerance, 0), 1e12)
            tolerancePPM = Int128((clamped * 1_000_000).rounded())
            minimumDeltaMicros = Int128(Microseconds.of(minimumDelta))
        }

        func assess(_ change: LatencyChange) -> GateAssessment {
            let baseline = Int128(Microseconds.of(milliseconds: change.baselineMs))
            let delta = Int128(Microseconds.of(milliseconds: change.candidateMs)) - baseline
            let size = delta.magnitude
            // Strictly beyond both limits; `size / baseline > tolerance` without division.
            let beyond =
                Int128(size) * 1_000_000 > tolerancePPM * baseline
                && Int128(size) > minimumDeltaMicros
            guard beyond else { return .withinTolerance }
            return delta > 0 ? .regression : .improvement
        }
    }
}
