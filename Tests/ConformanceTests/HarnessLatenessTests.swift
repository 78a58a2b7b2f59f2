import Conformance
import Foundation
import ISODEP
import NFCRigTestSupport
import PN533
import PN533Sim
import Testing

@testable import Rig

/// A repetition the harness spoiled (an emulator's host answering the reader too late) is
/// run again, and a verdict it keeps spoiling is the harness's error, never the DUT's fail.
@Suite struct HarnessLatenessTests {
    /// A card whose answer starts 50 ms after the reader's frame: far past any frame
    /// waiting time, as an emulator's host stalled by a busy machine would answer.
    final class LateCard: RFTarget {
        func selected(at instant: SimulationInstant, in field: isolated RFField) {}
        func receive(
            _ frame: AirFrame, endedAt instant: SimulationInstant, reply: RFReply,
            in field: isolated RFField
        ) {
            reply.send(.withCRC([0x90, 0x00]), startingAt: instant.advanced(by: .milliseconds(50)))
        }
        func halted(in field: isolated RFField) {}
        func fieldLost(in field: isolated RFField) {}
    }

    static func rig() async throws -> AssembledRig {
        let file = RigFile(
            name: "late", emulators: [RigFile.Emulator(id: "tag-a", device: .sim)],
            dut: .reference(device: .sim))
        return try await AssembledRig.assemble(
            file, directory: FileManager.default.temporaryDirectory)
    }

    /// A frame to a late card in `rig`'s field, through a reader of the test's own.
    static func provokeLateAnswer(_ rig: AssembledRig) async throws {
        let field = try #require(rig.field)
        let identity = try TypeAIdentity(uid: [0x08, 1, 2, 3], sensRes: [0, 4], selRes: 0x20)
        let reader = await field.joinAsReader()
        await field.setField(true, by: reader)
        let card = await field.enter(LateCard(), identity: identity)
        _ = await field.poll(by: reader, limit: 1)
        await #expect(throws: RFField.Silence.timeout) {
            try await field.transmit(
                .withCRC([0x02, 0x00]), to: card, from: reader, waitingTime: .milliseconds(5))
        }
        await field.leave(card)
        await field.setField(false, by: reader)
    }

    static func run(
        _ rig: AssembledRig, failing: Bool, late: Bool
    ) async throws -> (CaseResult, attempts: Int) {
        let attempts = Counter()
        let spoiled = ConformanceCase(
            id: "T-001", suite: "t", title: "t", rule: "t", setup: ""
        ) { context in
            attempts.increment()
            if late { try? await provokeLateAnswer(context.rig) }
            context.recorder.record("sample", .milliseconds(1))
            return failing ? .fail("the DUT missed the tag") : .pass
        }
        let dut = ReferenceDUT(chip: try #require(rig.readerChip), clock: rig.readerClock)
        let runner = ConformanceRunner(rig: rig, dut: dut, repeatCount: 2)
        let result = await runner.run(spoiled)
        return (result, attempts.value)
    }

    final class Counter: Sendable {
        private let count = Locked(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    @Test func aFailureWhileAnEmulatorAnsweredLateIsRunAgainThenCalledTheHarnessesError()
        async throws
    {
        let rig = try await Self.rig()
        let (result, attempts) = try await Self.run(rig, failing: true, late: true)
        // Each of the two repetitions: one attempt and two more.
        #expect(attempts == 2 * (1 + ConformanceRunner.harnessRetries))
        #expect(result.verdict == .error)
        #expect(result.message.contains("harness: an emulator answered the reader after"))
        #expect(result.message.contains("the DUT missed the tag"))
        // Only the attempts that counted left their samples.
        #expect(result.measurements.first?.samples.count == 2)
        await rig.close()
    }

    @Test func aFailureWithoutALateAnswerIsTheDUTsAndRunsOnce() async throws {
        let rig = try await Self.rig()
        let (result, attempts) = try await Self.run(rig, failing: true, late: false)
        #expect(attempts == 2)
        #expect(result.verdict == .fail)
        #expect(!result.message.contains("harness"))
        await rig.close()
    }

    @Test func aPassDespiteALateAnswerStands() async throws {
        // The DUT recovered (as ISO-DEP lets a reader do): what it showed is earned.
        let rig = try await Self.rig()
        let (result, attempts) = try await Self.run(rig, failing: false, late: true)
        #expect(attempts == 2)
        #expect(result.verdict == .pass)
        await rig.close()
    }

    /// `rig` with an emulator that times its host (as on a USB dongle) on a clock the test
    /// moves: the monitor, and the hand setting its time in milliseconds.
    static func timingHost(_ rig: AssembledRig) -> (
        AssembledRig, HostAnswerMonitor, @Sendable (Double) -> Void
    ) {
        let time = Locked(Duration.zero)
        let monitor = HostAnswerMonitor(emulator: "tag-a", now: { time.withLock { $0 } })
        var chip = rig.emulators[0]
        chip.hostAnswers = monitor
        let timed = AssembledRig(
            file: rig.file, directory: rig.directory, time: rig.time, field: rig.field,
            emulators: [chip], readerChip: rig.readerChip, dutReader: nil, virtualUSB: nil)
        return (
            timed, monitor,
            { milliseconds in
                time.withLock { $0 = .microseconds(Int64((milliseconds * 1000).rounded())) }
            }
        )
    }

    /// The emulator's host answers a READ BINARY `hostMilliseconds` after it came, on a tag
    /// whose FWT is 4.8 ms (FWI 4).
    static func answerReadBinary(
        _ monitor: HostAnswerMonitor, _ set: (Double) -> Void, hostMilliseconds: Double
    ) throws {
        monitor.present(.type4(fwt: ISODEPTiming.frameWaitingTime(fwi: 4)))
        set(0)
        monitor.observe(
            .chipToHost,
            try PN533Frame.response(
                to: .tgGetInitiatorCommand, [0x00, 0x02, 0x00, 0xB0, 0x00, 0x00, 0x0F]
            ).encode())
        set(hostMilliseconds)
        monitor.observe(
            .hostToChip,
            try PN533Frame.command(.tgResponseToInitiator, [0x02, 0x90, 0x00]).encode())
    }

    @Test func aFailureWhileAnEmulatorTimedItsHostLateIsTheHarnessesErrorWithTheFigures()
        async throws
    {
        let (rig, monitor, set) = Self.timingHost(try await Self.rig())
        let attempts = Counter()
        let slow = ConformanceCase(id: "T-004", suite: "t", title: "t", rule: "t", setup: "") {
            _ in
            attempts.increment()
            // 31.2 ms the first two times, 20 ms the third: the last attempt's figures, and
            // the longest time.
            try? Self.answerReadBinary(
                monitor, set, hostMilliseconds: attempts.value < 3 ? 31.2 : 20)
            return .fail("the DUT read nothing")
        }
        let dut = ReferenceDUT(chip: try #require(rig.readerChip), clock: rig.readerClock)
        let result = await ConformanceRunner(rig: rig, dut: dut, repeatCount: 1).run(slow)
        #expect(attempts.value == 1 + ConformanceRunner.harnessRetries)
        #expect(result.verdict == .error)
        #expect(
            result.message
                == "harness: emulator tag-a's host took 20.0 ms to answer READ BINARY, the tag's "
                + "FWT is 4.8 ms (3 late answer(s) in 3 attempt(s), the longest took 31.2 ms); "
                + "the DUT cannot be judged: the DUT read nothing; 2 attempt(s) run again: an "
                + "emulator's host answered the reader too late")
        await rig.close()
    }

    @Test func aHostThatAnswersInTimeLeavesTheDUTsFailureItsOwn() async throws {
        let (rig, monitor, set) = Self.timingHost(try await Self.rig())
        let attempts = Counter()
        let prompt = ConformanceCase(id: "T-005", suite: "t", title: "t", rule: "t", setup: "") {
            _ in
            attempts.increment()
            try? Self.answerReadBinary(monitor, set, hostMilliseconds: 2)
            return .fail("the DUT read nothing")
        }
        let dut = ReferenceDUT(chip: try #require(rig.readerChip), clock: rig.readerClock)
        let result = await ConformanceRunner(rig: rig, dut: dut, repeatCount: 1).run(prompt)
        #expect(attempts.value == 1)
        #expect(result.verdict == .fail)
        #expect(result.message == "the DUT read nothing")
        #expect(monitor.timedAnswers == 1)
        await rig.close()
    }

    @Test func aRepetitionRunAgainSaysWhichAnswerWasLate() async throws {
        let (rig, monitor, set) = Self.timingHost(try await Self.rig())
        let attempts = Counter()
        let once = ConformanceCase(id: "T-006", suite: "t", title: "t", rule: "t", setup: "") {
            _ in
            attempts.increment()
            guard attempts.value == 1 else { return .pass }
            try? Self.answerReadBinary(monitor, set, hostMilliseconds: 12.5)
            return .fail("the DUT read nothing")
        }
        let dut = ReferenceDUT(chip: try #require(rig.readerChip), clock: rig.readerClock)
        let result = await ConformanceRunner(rig: rig, dut: dut, repeatCount: 1).run(once)
        #expect(result.verdict == .pass)
        #expect(
            result.message
                == "1 attempt(s) run again: an emulator's host answered the reader too late "
                + "(emulator tag-a's host took 12.5 ms to answer READ BINARY, the tag's "
                + "FWT is 4.8 ms)")
        await rig.close()
    }

    @Test func theFieldCountsAnAnswerStartedAfterTheReadersWaitingTime() async throws {
        let rig = try await Self.rig()
        let before = await rig.lateEmulatorAnswers
        try await rig.run { try await Self.provokeLateAnswer(rig) }
        #expect(await rig.lateEmulatorAnswers == before + 1)
        await rig.close()
    }
}

/// A case names the profiles it checks and what each expects; under another it is skipped
/// with the reason, under one of them its result carries that profile's expectation.
@Suite struct CaseProfileTests {
    @Test func aCaseOfAnotherProfileIsSkippedWithTheReasonAndNotRun() async throws {
        let rig = try await HarnessLatenessTests.rig()
        let ran = HarnessLatenessTests.Counter()
        let coreNFCOnly = ConformanceCase(
            id: "T-002", suite: "t", title: "t", rule: "t", setup: "",
            expectations: ProfileExpectations(
                [.coreNFC: "opens the URL"], notJudged: "only iPhones dispatch in the background")
        ) { _ in
            ran.increment()
            return .pass
        }
        let dut = ReferenceDUT(chip: try #require(rig.readerChip), clock: rig.readerClock)
        let result = await ConformanceRunner(rig: rig, dut: dut, repeatCount: 1).run(coreNFCOnly)
        #expect(result.verdict == .skip)
        #expect(
            result.message
                == "not checked under the nfc-forum profile: only iPhones dispatch in the "
                + "background (judged under corenfc)")
        #expect(result.expected == nil)
        #expect(ran.value == 0)
        await rig.close()
    }

    @Test func aCaseReadsTheRigsProfile() async throws {
        let rig = try await HarnessLatenessTests.rig()
        let seen = Locked<ReaderProfile?>(nil)
        let reading = ConformanceCase(
            id: "T-003", suite: "t", title: "t", rule: "t", setup: "",
            expectations: ProfileExpectations([
                .nfcForum: "gives up on the tag", .iso14443: "grants nothing",
            ])
        ) { context in
            seen.withLock { $0 = context.profile }
            return .pass
        }
        let dut = ReferenceDUT(chip: try #require(rig.readerChip), clock: rig.readerClock)
        let result = await ConformanceRunner(rig: rig, dut: dut, repeatCount: 1).run(reading)
        #expect(seen.withLock { $0 } == .nfcForum)
        #expect(result.expected == "gives up on the tag")
        await rig.close()
    }
}
