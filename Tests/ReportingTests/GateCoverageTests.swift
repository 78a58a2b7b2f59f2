import Conformance
import Rig
import Testing

@testable import Reporting

/// Lost coverage fails the gate, unless accepted on purpose (issue 32).
@Suite struct GateCoverageTests {
    static let catalogue = CatalogueFingerprint(fingerprint: "fnv1a64:0000000000000170", cases: 170)

    static func report(_ id: String, _ cases: [CaseReport], profile: String = "nfc-forum")
        -> Report
    {
        SampleRuns.report(id: id, cases: cases, profile: profile, catalogue: catalogue)
    }

    @Test func aCandidateWhoseEveryCaseSkipsLosesTheCoverageOfEveryCase() {
        let baseline = Self.report("A", SampleRuns.catalogueCases(170, verdict: .pass))
        let candidate = Self.report("B", SampleRuns.catalogueCases(170, verdict: .skip))
        let result = Gate.compare(baseline: baseline, candidate: candidate)
        #expect(result.outcome == .regressed)
        let verdictRows = result.changes.filter {
            if case .verdict(.pass, .skip) = $0.kind { return true }
            return false
        }
        #expect(verdictRows.count == 170)
        #expect(verdictRows.allSatisfy { $0.assessment == .lostCoverage })
        #expect(Set(verdictRows.map(\.caseID)) == Set(baseline.cases.map(\.id)))
        // Every metric went from measured to not measured.
        #expect(result.changes.count { $0.kind == .metricMissing(metric: "timeToDetect") } == 170)
        #expect(result.regressions.count == 340)
        let table = GateTable.render(result)
        #expect(
            table.contains(
                "CASE-001  verdict       pass      skip          -                     -         "
                    + "LOST COVERAGE"))
        #expect(table.contains("outcome      PASS"))
        #expect(table.contains("NOTHING JUDGED: every case of suite s skipped"))
        #expect(table.contains("not offered  -"))
        #expect(table.contains("scan (170 cases)"))
        #expect(table.hasSuffix("gate: FAILED: 340 lost coverage (of 340 changes)"))
    }

    @Test(arguments: [Verdict.pass, .fail])
    func aJudgedCaseThatNowSkipsIsLostCoverage(baseline: Verdict) {
        #expect(Gate.assess(baseline: baseline, candidate: .skip) == .lostCoverage)
    }

    @Test func aMetricMeasuredInTheBaselineAndMissingInTheCandidateIsLostCoverage() {
        let result = Gate.compare(
            baseline: Self.report("A", [SampleRuns.latencyCase("C", p50: 1, p99: 2)]),
            candidate: Self.report(
                "B", [CaseReport(id: "C", suite: "s", title: "C", verdict: .pass)]))
        #expect(
            result.changes == [
                GateChange(
                    caseID: "C", suite: "s", kind: .metricMissing(metric: "timeToDetect"),
                    assessment: .lostCoverage)
            ])
        #expect(result.outcome == .regressed)
    }

    @Test func acceptedLostCoverageIsListedAsAcceptedAndPasses() {
        let baseline = Self.report(
            "A",
            [
                SampleRuns.latencyCase("SKIPS", p50: 1, p99: 2),
                SampleRuns.latencyCase("SLOWER", p50: 1, p99: 2),
                SampleRuns.latencyCase("GONE", p50: 1, p99: 2),
            ])
        let candidate = Self.report(
            "B",
            [
                CaseReport(id: "SKIPS", suite: "s", title: "t", verdict: .skip),
                CaseReport(id: "SLOWER", suite: "s", title: "t", verdict: .pass),
            ])
        let result = Gate.compare(
            baseline: baseline, candidate: candidate,
            accepting: [
                GateAcceptance(caseID: "SKIPS"), GateAcceptance(caseID: "GONE"),
                GateAcceptance(caseID: "SLOWER", metric: "timeToDetect"),
            ])
        #expect(result.changes.map(\.assessment) == [.accepted, .accepted, .accepted, .accepted])
        #expect(result.outcome == .passed)
        #expect(result.warnings.isEmpty)
        let table = GateTable.render(result)
        #expect(
            table.contains(
                "SKIPS   verdict       pass      skip          -                     -         "
                    + "accepted (lost coverage)")
        )
        #expect(
            table.hasSuffix("gate: passed: 4 changes, no regression (4 lost coverage accepted)"))
    }

    @Test func anAcceptedMetricDoesNotAcceptTheCaseSkipping() {
        let result = Gate.compare(
            baseline: Self.report("A", [SampleRuns.latencyCase("C", p50: 1, p99: 2)]),
            candidate: Self.report(
                "B", [CaseReport(id: "C", suite: "s", title: "t", verdict: .skip)]),
            accepting: [GateAcceptance(caseID: "C", metric: "timeToDetect")])
        #expect(result.changes.map(\.assessment) == [.lostCoverage, .accepted])
        #expect(result.outcome == .regressed)
    }

    @Test func acceptingNeverExcusesARegression() {
        let result = Gate.compare(
            baseline: Self.report(
                "A", [CaseReport(id: "C", suite: "s", title: "t", verdict: .pass)]),
            candidate: Self.report(
                "B", [CaseReport(id: "C", suite: "s", title: "t", verdict: .fail)]),
            accepting: [GateAcceptance(caseID: "C", source: "accept.txt:1")])
        #expect(result.changes.map(\.assessment) == [.regression])
        #expect(result.outcome == .regressed)
        #expect(
            result.warnings == [
                "accept.txt:1 accepts C, but the candidate lost no coverage there: remove the entry"
            ])
    }

    @Test func anAcceptEntryThatMatchesNothingIsWarnedAbout() {
        let report = Self.report("A", [SampleRuns.latencyCase("C", p50: 1, p99: 2)])
        let result = Gate.compare(
            baseline: report, candidate: report,
            accepting: [
                GateAcceptance(caseID: "C", metric: "readTime"), GateAcceptance(caseID: "D"),
            ])
        #expect(result.outcome == .passed)
        #expect(
            result.warnings == [
                "--accept accepts C:readTime, but the candidate lost no coverage there: remove the entry",
                "--accept accepts D, but the candidate lost no coverage there: remove the entry",
            ])
        #expect(
            GateTable.render(result).contains(
                "warning: --accept accepts D, but the candidate lost no coverage there"))
    }

    @Test func runsOfDifferentProfilesAreRefusedNamingBoth() {
        let baseline = Self.report("A", [], profile: "nfc-forum")
        let candidate = Self.report("B", [], profile: "corenfc")
        #expect(throws: GateRefusal.differentProfiles(baseline: "nfc-forum", candidate: "corenfc"))
        {
            try Gate.check(baseline: baseline, candidate: candidate)
        }
        let refusal = GateRefusal.differentProfiles(baseline: "nfc-forum", candidate: "corenfc")
        #expect(refusal.description.contains("profile nfc-forum and the candidate under corenfc"))
        #expect(refusal.description.contains("--allow-different-profile"))
        let warnings = try? Gate.check(
            baseline: baseline, candidate: candidate, allowDifferentProfile: true)
        #expect(warnings?.count == 1)
        #expect(warnings?.first?.contains("compared anyway (--allow-different-profile)") == true)
    }

    @Test func runsWhoseSuitesWereJudgedUnderDifferentProfilesAreRefusedNamingThem() {
        var pairedCase = CaseReport(id: "R-1", suite: "restart", title: "r", verdict: .pass)
        pairedCase.profile = "corenfc"
        var sameCase = pairedCase
        sameCase.profile = "nfc-forum"
        let baseline = Self.report("A", [pairedCase])
        let candidate = Self.report("B", [sameCase])
        #expect(baseline.judgedProfiles == "nfc-forum; restart: corenfc")
        #expect(candidate.judgedProfiles == "nfc-forum")
        #expect(
            throws: GateRefusal.differentProfiles(
                baseline: "nfc-forum; restart: corenfc", candidate: "nfc-forum")
        ) {
            try Gate.check(baseline: baseline, candidate: candidate)
        }
    }

    @Test func runsOfDifferentCataloguesAreRefusedNamingBoth() {
        let baseline = Self.report("A", [])
        var candidate = Self.report("B", [])
        candidate.catalogue = CatalogueFingerprint(
            fingerprint: "fnv1a64:00000000000000ff", cases: 171)
        #expect(
            throws: GateRefusal.differentCatalogues(
                baseline: "fnv1a64:0000000000000170 (170 cases)",
                candidate: "fnv1a64:00000000000000ff (171 cases)")
        ) {
            try Gate.check(baseline: baseline, candidate: candidate)
        }
        #expect(
            (try? Gate.check(
                baseline: baseline, candidate: candidate, allowDifferentCatalogue: true))?
                .count == 1)
    }

    @Test func aReportWithoutProfileOrCatalogueIsComparedWithAWarning() throws {
        let old = SampleRuns.report(id: "A", cases: [])
        let warnings = try Gate.check(baseline: old, candidate: Self.report("B", []))
        #expect(warnings.count == 2)
        #expect(warnings[0].contains("baseline's report does not say its profile"))
        #expect(warnings[1].contains("baseline's report does not record its case catalogue"))
    }

    @Test func sameProfileAndCatalogueCompareWithoutWarnings() throws {
        #expect(
            try Gate.check(baseline: Self.report("A", []), candidate: Self.report("B", [])).isEmpty)
    }

    @Test func theTableShowsBothRunsDUTBuildProfileAndCatalogue() {
        let baseline = SampleRuns.report(
            id: "A", cases: [], profile: "nfc-forum", catalogue: Self.catalogue,
            dut: DUTIdentity(name: "nfcpy 1.0.3 reader app", firmware: "1.0.3", isoDEP: .host),
            commit: "aaaa")
        let candidate = SampleRuns.report(
            id: "B", cases: [], profile: "nfc-forum", catalogue: Self.catalogue,
            dut: DUTIdentity(name: "nfcpy 1.0.4 reader app", firmware: "1.0.4"), commit: "bbbb")
        let lines = GateTable.render(Gate.compare(baseline: baseline, candidate: candidate))
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            Array(lines[2...7]) == [
                "           BASELINE                                                     CANDIDATE",
                "DUT        nfcpy 1.0.3 reader app, firmware 1.0.3, ISO-DEP by the host  nfcpy 1.0.4 reader app, firmware 1.0.4",
                "nfcrig     0.1.0 (commit aaaa)                                          0.1.0 (commit bbbb)",
                "profile    nfc-forum                                                    nfc-forum",
                "catalogue  170 cases, fnv1a64:0000000000000170                          170 cases, fnv1a64:0000000000000170",
                "outcome    NOTHING JUDGED: the run has no case                          NOTHING JUDGED: the run has no case",
            ])
    }
}
