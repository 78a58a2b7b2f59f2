import NDEF
import NFCRigTestSupport
import PN533
import PN533Sim
import Rig
import TagEmulation
import TagReader
import Testing

/// Every emulator/reader pair with the simulator's faults turned on, one at a time, on the
/// reader's chip or on the emulator's: recoverable faults leave the read intact, fatal ones
/// end it with a typed error, and nothing hangs (on a virtual clock a hang would be the
/// clock's deadlock detection firing, which `Bench.run` reports).
@Suite(.timeLimit(.minutes(1))) struct ChipFaultTests {
    static let message = TestMessages.filling(300)

    enum Side: String, Sendable, Hashable {
        case reader, emulator
    }

    /// A fault and the chip it is injected into, just before the read.
    struct InjectedFault: Sendable, Hashable, CustomTestStringConvertible {
        var fault: PN533Fault
        var side: Side
        /// How many times the chip must log the fault as committed.
        var commits = 1
        /// `NFCReaderError.name` of the read's error; nil when the read must succeed.
        var error: String?

        var testDescription: String { "\(fault) on the \(side) chip" }

        static let recoverable: [InjectedFault] = [Side.reader, .emulator].flatMap { side in
            [
                InjectedFault(fault: .corruptNextResponse, side: side),
                InjectedFault(fault: .dropNextACK, side: side),
                InjectedFault(fault: .answerWithoutACK(count: 3), side: side, commits: 3),
                InjectedFault(fault: .delayNextResponse(by: .milliseconds(20)), side: side),
            ]
        }

        static let fatal: [InjectedFault] = [
            InjectedFault(
                fault: .stallNextCommand, side: .reader, error: "sessionTerminatedUnexpectedly"),
            InjectedFault(
                fault: .targetLeavesAfter(bytes: 20), side: .reader, error: "tagConnectionLost"),
            InjectedFault(
                fault: .disconnectAfter(commands: 2), side: .reader,
                error: "sessionTerminatedUnexpectedly"),
            InjectedFault(fault: .stallNextCommand, side: .emulator, error: "tagConnectionLost"),
            InjectedFault(
                fault: .disconnectAfter(commands: 2), side: .emulator, error: "tagConnectionLost"),
        ]
    }

    /// Connects, injects `fault`, then reads, or writes `written` when given; the outcome,
    /// the faults the chip logged, and the tag's writes.
    static func run(
        _ kind: TagKind, with fault: InjectedFault, writing written: NDEFMessage? = nil
    ) async throws -> (Result<NDEFMessage, NFCReaderError>, [FirmwareEvent], WriteHistory?) {
        let bench = try await Bench()
        let chip = fault.side == .reader ? bench.readerChip : bench.emulatorChips[0]
        let outcome = try await bench.run(kind.setup(message)) {
            try await bench.connect()
            await chip.inject(fault.fault)
            do throws(NFCReaderError) {
                guard let written else {
                    return Result<NDEFMessage, NFCReaderError>.success(
                        try await bench.reader.readNDEF())
                }
                try await bench.reader.writeNDEF(written)
                return .success(written)
            } catch {
                return .failure(error)
            }
        }
        let committed = await chip.eventLog.filter {
            if case .faultCommitted = $0.kind { true } else { false }
        }
        return (outcome, committed, await bench.slot.writeHistory())
    }

    @Test(arguments: TagKind.allCases, InjectedFault.recoverable)
    func aReadSurvivesARecoverableFault(kind: TagKind, fault: InjectedFault) async throws {
        let (outcome, committed, _) = try await Self.run(kind, with: fault)
        #expect(committed.count == fault.commits)
        #expect(try outcome.get() == Self.message)
    }

    @Test(arguments: TagKind.allCases, InjectedFault.recoverable)
    func aWriteSurvivesARecoverableFault(kind: TagKind, fault: InjectedFault) async throws {
        let written = TestMessages.texts(8)
        let (outcome, committed, history) = try await Self.run(
            kind, with: fault, writing: written)
        #expect(committed.count == fault.commits)
        #expect(try outcome.get() == written)
        #expect(history?.finalState == .message(written, bytes: TestMessages.bytes(written)))
        #expect(history?.safety == .tearingSafe)
    }

    @Test(arguments: TagKind.allCases, InjectedFault.fatal)
    func aReadHitByAFatalFaultEndsWithATypedError(kind: TagKind, fault: InjectedFault) async throws
    {
        let (outcome, committed, _) = try await Self.run(kind, with: fault)
        #expect(committed.count == fault.commits)
        guard case .failure(let error) = outcome else {
            Issue.record("the read succeeded")
            return
        }
        #expect(error.name == fault.error, "\(error)")
    }
}
