import Rig

/// A suite of conformance cases: the name rig files use, its cases and its description.
protocol ConformanceSuite: Sendable {
    /// The name rig files and `--suite` use, e.g. `ndef-read`.
    static var name: String { get }
    /// What the suite checks, how it is judged, under which profiles and what it measures,
    /// as Markdown paragraphs.
    static var about: [String] { get }
    /// Its cases, in order.
    static var cases: [ConformanceCase] { get }
    /// The profiles whose sources have the rules of the suite's cases that state no
    /// expectations of their own: an NDEF suite is nothing to ISO/IEC 14443, an iOS
    /// behaviour nothing to the NFC Forum.
    static var judgedUnder: Set<ReaderProfile> { get }
    /// Why the other profiles do not judge those cases.
    static var notJudged: String { get }
}

extension ConformanceSuite {
    static var judgedUnder: Set<ReaderProfile> { Set(ReaderProfile.allCases) }
    static var notJudged: String { "" }

    /// The cases, each stating the profiles that judge it: a case without expectations of
    /// its own expects its `expectation` (its title, when it states none) under the suite's
    /// profiles.
    static var judgedCases: [ConformanceCase] {
        cases.map { conformanceCase in
            guard conformanceCase.expectations == nil,
                judgedUnder != Set(ReaderProfile.allCases) || conformanceCase.expectation != nil
            else { return conformanceCase }
            let expected = conformanceCase.expectation ?? conformanceCase.title
            var judged = conformanceCase
            judged.expectations = ProfileExpectations(
                Dictionary(uniqueKeysWithValues: judgedUnder.map { ($0, expected) }),
                notJudged: notJudged)
            return judged
        }
    }
}
