import Foundation
import Rig
import Testing

@testable import Conformance

/// The suites of issue 22 under each profile: every case states what it expects under each
/// profile it judges; the reference reader passes them all under every profile; `iso14443`
/// skips the NDEF mapping suites, saying why, and judges ISO-DEP.
@Suite struct ReaderProfileRunTests {
    static let suites = [Type2LayoutSuite.name, Type4LayoutSuite.name, ISODEPErrorsSuite.name]

    static func run(_ profile: ReaderProfile, suites: [String] = suites) async throws
        -> [CaseResult]
    {
        try await CatalogRuns.judgedAlone(suites, under: profile)
    }

    @Test func everyCaseStatesWhatEachProfileItJudgesExpects() throws {
        for suite in Self.suites {
            let cases = try #require(ConformanceCatalog.cases(suite: suite))
            for item in cases {
                let expectations = try #require(item.expectations, "\(item.id)")
                #expect(expectations.expected[.nfcForum]?.isEmpty == false, "\(item.id)")
                #expect(
                    expectations.profiles == Set(ReaderProfile.allCases)
                        || !expectations.notJudged.isEmpty, "\(item.id): say why not")
            }
        }
    }

    @Test func underISO14443NamingAMappingSuiteIsRefusedAndISODEPIsJudged() async throws {
        var rig = CatalogRuns.rig
        rig.profile = .iso14443
        rig.suites = [RigFile.Located(Type2LayoutSuite.name, line: 7, column: 5)]
        #expect {
            _ = try ConformanceRun.selectCases(rig, fileName: "profile.yaml", options: .init())
        } throws: { error in
            "\(error)".hasPrefix(
                "profile.yaml:7:5: suite \"t2t-layout\" is judged under the "
                    + "iso14443 profile, whose sources have none of its rules")
                && "\(error)".contains("{suite: t2t-layout, profile: nfc-forum}")
        }
        let isoDEP = try await Self.run(.iso14443, suites: [ISODEPErrorsSuite.name])
        #expect(!isoDEP.isEmpty)
        for result in isoDEP {
            #expect(result.verdict == .pass, "\(result.id): \(result.message)")
            #expect(result.expected?.isEmpty == false, "\(result.id)")
        }
        let invalid = try #require(isoDEP.first { $0.id == "ISODEP-E-017" })
        #expect(invalid.expected?.hasPrefix("grants no S(WTX) with WTXM 0") == true)
    }

    @Test func underCoreNFCTheReferenceReaderPassesEveryCaseAndEachStatesItsExpectation()
        async throws
    {
        let results = try await Self.run(.coreNFC)
        let cases = Self.suites.compactMap(ConformanceCatalog.cases).joined()
        #expect(results.count == cases.count)
        let judged = Set(cases.filter { $0.profiles.contains(.coreNFC) }.map(\.id))
        for result in results {
            guard judged.contains(result.id) else {
                // Cases whose rules Apple does not document (ISO-DEP recovery) are skipped,
                // saying why.
                #expect(result.verdict == .skip, "\(result.id)")
                #expect(result.message.contains("Apple documents"), "\(result.message)")
                continue
            }
            #expect(result.verdict == .pass, "\(result.id): \(result.message)")
            #expect(result.expected?.isEmpty == false, "\(result.id)")
        }
    }

    @Test func underTheNFCForumProfileAnInvalidWTXMustEndTheExchange() async throws {
        let results = try await CatalogRuns.results(suites: [ISODEPErrorsSuite.name])
        let invalid = try #require(results.first { $0.id == "ISODEP-E-018" })
        #expect(invalid.verdict == .pass, "\(invalid.message)")
        #expect(invalid.expected?.contains("protocol error") == true)
    }
}
