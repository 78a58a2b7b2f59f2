import Rig

/// What a case expects of the reader under each reader profile it judges. The NFC Forum,
/// ISO/IEC 14443 and Apple's CoreNFC expect different reactions to some faults (a WTXM out
/// of range, a tag with no NDEF mapping a profile knows), so a case states its expectation
/// per profile and is skipped, with `notJudged` as the reason, under one it has none for.
public struct ProfileExpectations: Sendable, Hashable {
    /// The expected behaviour under each profile the case judges, one sentence each.
    public var expected: [ReaderProfile: String]
    /// Why the other profiles do not judge the case.
    public var notJudged: String

    /// Expectations per profile; profiles left out skip the case because of `notJudged`.
    public init(_ expected: [ReaderProfile: String], notJudged: String = "") {
        self.expected = expected
        self.notJudged = notJudged
    }

    /// The same expectation under every profile.
    public static func everyProfile(_ expected: String) -> ProfileExpectations {
        ProfileExpectations(
            Dictionary(uniqueKeysWithValues: ReaderProfile.allCases.map { ($0, expected) }))
    }

    /// An expectation about an NFC Forum tag mapping (Type 2, Type 4): judged under the
    /// NFC Forum's profile and CoreNFC's (whose reader sessions read NFC Forum tags by their
    /// mappings; Apple documents no exception), and not under ISO/IEC 14443, which defines
    /// the link and no NDEF mapping.
    public static func ndefMapping(_ expected: String) -> ProfileExpectations {
        ProfileExpectations([.nfcForum: expected, .coreNFC: expected], notJudged: noNDEFMapping)
    }

    /// Why `iso14443` judges no NDEF behaviour.
    public static let noNDEFMapping =
        "ISO/IEC 14443 and 7816-4 define no NDEF mapping, so they expect nothing of a reader "
        + "here"

    /// An expectation about CoreNFC's API (what `NFCISO7816Tag` reports, which AIDs a tag
    /// reader session SELECTs): judged under `corenfc` only, as the NFC Forum and ISO define
    /// no such API.
    public static func coreNFCAPI(_ expected: String) -> ProfileExpectations {
        ProfileExpectations(
            [.coreNFC: expected],
            notJudged: "this is CoreNFC's API contract (Apple's documentation); the NFC Forum "
                + "and ISO/IEC 14443 and 7816-4 define no reader API")
    }

    /// The profiles the case judges.
    public var profiles: Set<ReaderProfile> { Set(expected.keys) }
}
