/// Every suite nfcrig knows, by the names rig files use.
public enum ConformanceCatalog {
    /// Suite names in their default order.
    public static let suiteNames = [
        "ndef-read",
        "ndef-write",
        "multi-tag",
        "restart-polling",
        "chunked",
        "background-reading",
        "isodep-errors",
        "t2t-layout",
        "t4t-layout",
        "iso7816",
    ]

    /// The cases of a suite, or `nil` for an unknown name.
    public static func cases(suite: String) -> [ConformanceCase]? {
        switch suite {
        case NDEFReadSuite.name: NDEFReadSuite.cases
        case NDEFWriteSuite.name: NDEFWriteSuite.cases
        case ChunkedSuite.name: ChunkedSuite.cases
        case MultiTagSuite.name: MultiTagSuite.cases
        case RestartPollingSuite.name: RestartPollingSuite.cases
        case BackgroundReadingSuite.name: BackgroundReadingSuite.cases
        case ISODEPErrorsSuite.name: ISODEPErrorsSuite.cases
        case Type2LayoutSuite.name: Type2LayoutSuite.cases
        case Type4LayoutSuite.name: Type4LayoutSuite.cases
        case ISO7816Suite.name: ISO7816Suite.cases
        default: nil
        }
    }

    /// What a suite checks, how it is judged, under which profiles and what it measures, as
    /// Markdown paragraphs; `nil` for an unknown name.
    public static func about(suite: String) -> [String]? {
        switch suite {
        case NDEFReadSuite.name: NDEFReadSuite.about
        case NDEFWriteSuite.name: NDEFWriteSuite.about
        case ChunkedSuite.name: ChunkedSuite.about
        case MultiTagSuite.name: MultiTagSuite.about
        case RestartPollingSuite.name: RestartPollingSuite.about
        case BackgroundReadingSuite.name: BackgroundReadingSuite.about
        case ISODEPErrorsSuite.name: ISODEPErrorsSuite.about
        case Type2LayoutSuite.name: Type2LayoutSuite.about
        case Type4LayoutSuite.name: Type4LayoutSuite.about
        case ISO7816Suite.name: ISO7816Suite.about
        default: nil
        }
    }

    /// Every case of every suite.
    public static var allCases: [ConformanceCase] {
        suiteNames.flatMap { cases(suite: $0) ?? [] }
    }
}
