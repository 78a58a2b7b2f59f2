import Foundation
import PN533Sim
import Rig
import TagReader
import Testing

@testable import Conformance

/// The `latency` suite (issue 35): the reference reader passes every case on the simulated
/// rig with each sample's conditions recorded, a case runs its own default count unless
/// `--repeat` says otherwise (a rig file's `repeat:` only raises it), and every case is
/// failed by a deliberate reader fault.
@Suite struct LatencySuiteTests {
    /// `caseIDs` of the latency suite on the catalogue's rig with `repeat:` set to
    /// `rigRepeat`, and `--repeat` when `override` is given.
    static func run(
        _ caseIDs: [String]? = nil, rigRepeat: Int = 3, override: Int? = nil,
        faults: [String] = []
    ) async throws -> [CaseResult] {
        var rig = CatalogRuns.rig
        rig.repeatCount = rigRepeat
        return try await ConformanceRun.run(
            rig, fileName: "latency.yaml",
            directory: URL(fileURLWithPath: NSTemporaryDirectory()),
            options: .init(
                suites: [LatencySuite.name], caseIDs: caseIDs, repeatCount: override,
                dutFaults: try ReaderFaults(parsing: faults)),
            runID: "latency", nfcrigVersion: "test", commit: nil, progress: { _ in }
        ).cases
    }

    /// The number in a title's size, e.g. 4096 for "reads 4 KiB of NDEF ...", 988 for
    /// "988 B".
    static func bytes(inTitle title: String) -> Int? {
        let words = title.split(separator: " ")
        guard let unit = words.firstIndex(where: { $0 == "KiB" || $0 == "B" }), unit > 0,
            let number = Int(words[unit - 1])
        else { return nil }
        return words[unit] == "KiB" ? number * 1024 : number
    }

    @Test func everyCasePassesWithTheReferenceReaderAndRecordsItsConditions() async throws {
        // The catalogue's shared run, two repetitions per case.
        let results = try await CatalogRuns.results(suites: [LatencySuite.name])
        #expect(results.count == 18)
        #expect(CatalogRuns.failures(results).isEmpty, "\(CatalogRuns.failures(results))")
        for result in results {
            #expect(result.title.contains("at 106 kbps"), "\(result.id): \(result.title)")
            let measured = result.measurements.filter { $0.name != "timeToDetect" }
            let detect = result.measurements.filter { $0.name == "timeToDetect" }
            #expect(!detect.isEmpty, "\(result.id) times its scan")
            for series in result.measurements {
                #expect(series.samples.count == 2, "\(result.id) \(series.name)")
                #expect(series.conditions?.bitRateKbps == 106, "\(result.id) \(series.name)")
                #expect(series.conditions?.tagType != nil, "\(result.id) \(series.name)")
            }
            if result.title.hasPrefix("time to detect") {
                #expect(measured.isEmpty, "\(result.id): \(measured.map(\.name))")
                continue
            }
            let series = try #require(measured.first, "\(result.id) measures its subject")
            #expect(measured.count == 1, "\(result.id): \(measured.map(\.name))")
            let size = try #require(Self.bytes(inTitle: result.title), "\(result.title)")
            let conditions = try #require(series.conditions)
            switch series.name {
            case "readTime", "writeTime":
                #expect(conditions.messageBytes == size, "\(result.id)")
                #expect(
                    conditions.tagType == (result.title.contains("Type 2") ? "type2" : "type4"))
            case "apduTime":
                // The loopback's data plus the header and length fields; the data and 9000.
                #expect(conditions.responseBytes == size + 2, "\(result.id)")
                #expect(
                    conditions.commandBytes == size + (size > 255 ? 9 : 6), "\(result.id)")
            default:
                Issue.record("\(result.id) measures \(series.name)")
            }
        }
    }

    @Test func aTypeTwoTagsSizesStopAtWhatItsDataAreaHoldsAndSayWhy() {
        // T2T 1.1 §6.1: CC byte 2 × 8, so 2040 bytes at most; one sector without SECTOR
        // SELECT leaves the rig's tags 992.
        #expect(LatencySuite.type2Sizes == [128, 988])
        let cases = ConformanceCatalog.cases(suite: LatencySuite.name) ?? []
        let full = cases.filter { $0.title.contains("988 B") }
        #expect(full.count == 2)
        for conformanceCase in full {
            #expect(conformanceCase.rule.contains("T2T 1.1 §6.1"), "\(conformanceCase.id)")
            #expect(conformanceCase.rule.contains("2040"), "\(conformanceCase.id)")
        }
        #expect(!cases.contains { $0.title.contains("KiB of NDEF") && $0.title.contains("Type 2") })
    }

    @Test func aCaseRunsItsOwnDefaultWhenTheRigFileAsksForFewer() async throws {
        let results = try await Self.run(["LAT-011", "LAT-014"], rigRepeat: 3)
        let counts = results.map { $0.measurements.first { $0.name == "writeTime" }?.samples.count }
        #expect(counts == [LatencySuite.defaultRepeat, LatencySuite.heavyRepeat])
        #expect(results.allSatisfy { $0.verdict == .pass })
    }

    @Test func aRigFilesRepeatRaisesACasesDefault() async throws {
        let results = try await Self.run(["LAT-011"], rigRepeat: 120)
        #expect(results.first?.measurements.first { $0.name == "writeTime" }?.samples.count == 120)
    }

    @Test func repeatOverridesACasesDefaultBothWays() async throws {
        let fewer = try await Self.run(["LAT-011"], override: 4)
        #expect(fewer.first?.measurements.first { $0.name == "writeTime" }?.samples.count == 4)
        let more = try await Self.run(["LAT-014"], override: 25)
        #expect(more.first?.measurements.first { $0.name == "writeTime" }?.samples.count == 25)
    }

    /// Four faults that between them fail every case, each only its own: a reader that
    /// loses a message's last byte, writes no length, or drops Le 00 earns no figure.
    @Test(arguments: [
        ("tlv-length-off-by-one", ["LAT-001", "LAT-003", "LAT-004"]),
        ("nlen-off-by-one", ["LAT-002", "LAT-005", "LAT-006", "LAT-007", "LAT-008"]),
        ("skips-length-write", ["LAT-009", "LAT-010", "LAT-011", "LAT-012", "LAT-013", "LAT-014"]),
        ("zero-le-as-absent", ["LAT-015", "LAT-016", "LAT-017", "LAT-018"]),
    ])
    func aFaultyReaderFailsTheCasesItsFaultSpoils(_ fault: String, _ failing: [String])
        async throws
    {
        let results = try await Self.run(override: 1, faults: [fault])
        #expect(results.count == 18)
        #expect(results.filter { $0.verdict != .pass }.map(\.id) == failing, "\(fault)")
        #expect(results.filter { $0.verdict != .pass }.allSatisfy { $0.verdict == .fail })
    }

    @Test func everyCaseIsFailedByAtLeastOneReaderFault() {
        let caught = Set(ConformanceCatalog.faultCatches.flatMap(\.fails))
        let cases = ConformanceCatalog.cases(suite: LatencySuite.name) ?? []
        let uncaught = cases.map(\.id).filter { !caught.contains($0) }
        #expect(uncaught.isEmpty, "no fault fails \(uncaught)")
    }

    @Test func aRigPresentingTagsAtAnotherRateSkipsTheCasesInsteadOfJudgingThem() async throws {
        let rig = try await AssembledRig.assemble(
            CatalogRuns.rig, directory: URL(fileURLWithPath: NSTemporaryDirectory()),
            air: .init(bitRate: .kbps212))
        let chip = try #require(rig.readerChip)
        let dut = ReferenceDUT(chip: chip, clock: rig.readerClock)
        _ = try await rig.run { try await dut.hello() }
        let latency = try #require(ConformanceCatalog.cases(suite: LatencySuite.name))
        let result = await ConformanceRunner(rig: rig, dut: dut, repeatCount: 1).run(latency[0])
        await rig.run { await dut.close() }
        await rig.close()
        #expect(result.verdict == .skip)
        #expect(result.message.contains("measured at 106 kbps; the rig presents its tags at 212"))
    }
}
