/// A suite of conformance cases: the name rig files use, its cases and its description.
protocol ConformanceSuite: Sendable {
    /// The name rig files and `--suite` use, e.g. `ndef-read`.
    static var name: String { get }
    /// What the suite checks, how it is judged, under which profiles and what it measures,
    /// as Markdown paragraphs.
    static var about: [String] { get }
    /// Its cases, in order.
    static var cases: [ConformanceCase] { get }
}
