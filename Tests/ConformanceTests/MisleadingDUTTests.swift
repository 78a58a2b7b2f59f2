import Conformance
import Foundation
import PN533Sim
import Rig
import Testing

/// A DUT whose words the RF side does not bear out fails: the evidence checks a case adds
/// beside what the DUT says can each fail. The reference reader does the real work; a
/// wrapper says something it did not see.
@Suite struct MisleadingDUTTests {
    /// Runs case `id` on the simulated rig against the reference reader behind `lie`; a
    /// fail message may name only frames on the air (`FailMessageEvidence`).
    static func run(_ id: String, lie: MisleadingDUT.Lie) async throws -> CaseResult {
        let rig = try await AssembledRig.assemble(
            MultiTagRestartBackgroundSuiteTests.rig,
            directory: URL(fileURLWithPath: NSTemporaryDirectory()))
        let chip = try #require(rig.readerChip)
        let dut = MisleadingDUT(
            inner: ReferenceDUT(chip: chip, clock: rig.readerClock), lie: lie)
        _ = try await rig.run { try await dut.hello() }
        let conformanceCase = try #require(ConformanceCatalog.allCases.first { $0.id == id })
        let result = await ConformanceRunner(
            rig: rig, dut: dut, repeatCount: 1, traceMode: .failing
        ).run(conformanceCase)
        await rig.run { await dut.close() }
        await rig.close()
        // What the message says happened must be on the air.
        let unsupported = FailMessageEvidence.unsupportedClaims(of: result, by: "\(lie)")
        #expect(unsupported.isEmpty, "\(unsupported)")
        return result
    }

    @Test func aScanNamingAUIDNotInTheFieldFails() async throws {
        let result = try await Self.run("NDEF-R-001", lie: .wrongUID)
        #expect(result.verdict == .fail)
        #expect(
            result.message.hasPrefix(
                "the DUT reported a tag with UID \"08000000\"; in the field: 08"),
            "\(result.message)")
    }

    /// A count alone proves nothing: with tags a and b in the field, `[a, a]` never named b,
    /// and `[a, b, a, b]` named each twice.
    @Test(arguments: [([0, 0], "more than once"), ([0, 1, 0, 1], "more than once")])
    func aMultiTagScanThatDoesNotNameEachTagOnceFails(entries: [Int], reason: String)
        async throws
    {
        let result = try await Self.run("MULTI-001", lie: .listsEntries(entries))
        #expect(result.verdict == .fail)
        #expect(result.message.contains(reason), "\(result.message)")
    }

    @Test(arguments: [
        ("NDEF-R-020", DUTRead(status: .readWrite, capacity: 2046, ndef: [], records: [])),
        ("NDEF-R-018", DUTRead(status: .notSupported, capacity: 0, ndef: nil)),
    ])
    func anAnswerGivenWithoutReadingTheTagFails(id: String, answer: DUTRead) async throws {
        let result = try await Self.run(id, lie: .answersReadWithoutLooking(answer))
        #expect(result.verdict == .fail)
        // A status rests on a SELECT of the NDEF application, "no message" on the zero length
        // read off the tag.
        let prefix =
            id == "NDEF-R-018"
            ? "the DUT answered without looking"
            : "the DUT reported no message, but no activation of the tag served all of it"
        #expect(result.message.hasPrefix(prefix), "\(result.message)")
    }

    @Test func aReadBackFromMemoryInsteadOfTheTagFails() async throws {
        let result = try await Self.run("NDEF-W-001", lie: .readsBackWhatItWrote)
        #expect(result.verdict == .fail)
        #expect(
            result.message.hasPrefix(
                "the DUT read back the message after the write, but no activation of the tag "
                    + "served all of it on the air"),
            "\(result.message)")
    }

    @Test func theReferenceReaderBehindAnHonestWrapperPasses() async throws {
        for id in ["NDEF-R-001", "NDEF-R-018", "NDEF-R-020", "NDEF-W-001"] {
            let result = try await Self.run(id, lie: .none)
            #expect(result.verdict == .pass, "\(id): \(result.message)")
        }
    }
}

/// The reference reader behind a DUT that says one thing it did not see.
actor MisleadingDUT: DeviceUnderTest {
    /// What it says.
    enum Lie: Sendable {
        /// Nothing but the truth.
        case none
        /// A one-tag scan names UID 08000000.
        case wrongUID
        /// A scan of several tags lists these entries of what it found (`[0, 0]`: the first
        /// tag twice).
        case listsEntries([Int])
        /// A read answers this without touching the tag.
        case answersReadWithoutLooking(DUTRead)
        /// After a write, a read answers the written bytes without touching the tag.
        case readsBackWhatItWrote
    }

    private let inner: any DeviceUnderTest
    private let lie: Lie
    private var written: [UInt8]?

    init(inner: any DeviceUnderTest, lie: Lie) {
        self.inner = inner
        self.lie = lie
    }

    func hello() async throws(DUTError) -> DUTIdentity { try await inner.hello() }

    func scan(timeout: Duration) async throws(DUTError) -> DUTScan {
        var scan = try await inner.scan(timeout: timeout)
        if case .wrongUID = lie, scan.tags.count == 1 { scan.tags = ["08000000"] }
        if case .listsEntries(let entries) = lie, scan.tags.count > 1 {
            scan.tags = entries.map { scan.tags[$0] }
        }
        return scan
    }

    func read() async throws(DUTError) -> DUTRead {
        switch lie {
        case .answersReadWithoutLooking(let answer):
            return answer
        case .readsBackWhatItWrote where written != nil:
            return DUTRead(status: .readWrite, capacity: 2046, ndef: written)
        default:
            return try await inner.read()
        }
    }

    func write(_ ndef: [UInt8]) async throws(DUTError) {
        try await inner.write(ndef)
        written = ndef
    }

    func backgroundDispatch() async throws(DUTError) -> String? {
        try await inner.backgroundDispatch()
    }

    func takeEvents() async -> [DUTEvent] { await inner.takeEvents() }

    func close() async { await inner.close() }
}
