/// Every suite nfcrig knows, by the names rig files use.
public enum ConformanceCatalog {
    /// Every suite, in the default order.
    static let suites: [any ConformanceSuite.Type] = [
        NDEFReadSuite.self, NDEFWriteSuite.self, MultiTagSuite.self, RestartPollingSuite.self,
        ChunkedSuite.self, BackgroundReadingSuite.self, ISODEPErrorsSuite.self,
        Type2LayoutSuite.self, Type4LayoutSuite.self, ISO7816Suite.self, CoreNFCSessionSuite.self,
        LatencySuite.self,
    ]

    /// Suite names in their default order.
    public static let suiteNames = suites.map { $0.name }

    /// The cases of a suite, or `nil` for an unknown name.
    public static func cases(suite: String) -> [ConformanceCase]? {
        suites.first { $0.name == suite }?.judgedCases
    }

    /// What a suite checks, how it is judged, under which profiles and what it measures, as
    /// Markdown paragraphs; `nil` for an unknown name.
    public static func about(suite: String) -> [String]? {
        suites.first { $0.name == suite }?.about
    }

    /// Every case of every suite.
    public static var allCases: [ConformanceCase] {
        suiteNames.flatMap { cases(suite: $0) ?? [] }
    }
}
