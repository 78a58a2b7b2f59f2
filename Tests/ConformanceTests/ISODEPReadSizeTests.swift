import Foundation
import Rig
import TagReader
import Testing

@testable import Conformance

/// The chaining cases of `isodep-errors` against the reference reader reading the NDEF file
/// in READ BINARY commands of a given size (issue 33: a libnfc adapter asking for 240 bytes
/// saw ISODEP-E-010 fail for R(ACK)s of a chaining that never happened, and ISODEP-E-021 and
/// E-022 end as the harness's error): whatever the size, each case provokes its condition
/// and passes, or, when the reader asks for too little to be chained, is skipped as
/// "condition not reached", never an error or a fail.
@Suite struct ISODEPReadSizeTests {
    static let chainingCases = ["ISODEP-E-010", "ISODEP-E-021", "ISODEP-E-022"]

    static func run(readSize: Int, profile: ReaderProfile) async throws -> [CaseResult] {
        var rig = CatalogRuns.rig
        rig.profile = profile
        var faults = ReaderFaults.none
        faults.readSize = readSize
        return try await ConformanceRun.run(
            rig, fileName: "read-size.yaml",
            directory: URL(fileURLWithPath: NSTemporaryDirectory()),
            options: .init(caseIDs: chainingCases, repeatCount: 1, dutFaults: faults),
            runID: "read-size", nfcrigVersion: "test", commit: nil, progress: { _ in }
        ).cases
    }

    @Test(arguments: [240, 255], [ReaderProfile.nfcForum, .iso14443, .coreNFC])
    func theChainingCasesPassWhateverTheReadersReadSize(readSize: Int, profile: ReaderProfile)
        async throws
    {
        let results = try await Self.run(readSize: readSize, profile: profile)
        #expect(results.map(\.id) == Self.chainingCases)
        for result in results {
            #expect(
                result.verdict == .pass,
                "\(readSize) bytes, \(profile): \(result.id): \(result.message)")
        }
    }

    /// A READ BINARY of 15 bytes is answered in 17, one block even of the chaining cases'
    /// card: nothing is chained, and no case may blame the reader for it.
    @Test func aReaderWhoseAnswersAreNeverChainedIsSkippedAsConditionNotReached() async throws {
        for profile in ReaderProfile.allCases {
            let results = try await Self.run(readSize: 15, profile: profile)
            for result in results {
                #expect(result.verdict == .skip, "\(profile): \(result.id): \(result.message)")
                #expect(result.message.contains("condition not reached"), "\(result.message)")
            }
        }
    }
}
