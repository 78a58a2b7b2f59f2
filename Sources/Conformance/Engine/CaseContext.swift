import Rig
import TagEmulation

/// What a case's body works with: the rig, the DUT, the emulator slots, and where to record
/// measurements and timeline events.
public struct CaseContext: Sendable {
    /// The assembled rig.
    public let rig: AssembledRig
    /// The device under test.
    public let dut: any DeviceUnderTest
    /// One slot per emulator chip, in rig-file order.
    public let slots: [RigTagSlot]
    /// Latency samples and timeline events for this case.
    public let recorder: CaseRecorder
    /// Which repetition this is (0-based).
    public let repetition: Int

    /// Creates a context for one repetition judged under `profile`.
    public init(
        rig: AssembledRig, dut: any DeviceUnderTest, slots: [RigTagSlot], recorder: CaseRecorder,
        repetition: Int, profile: ReaderProfile
    ) {
        self.rig = rig
        self.dut = dut
        self.slots = slots
        self.recorder = recorder
        self.repetition = repetition
        self.profile = profile
    }

    /// Time on the rig's clock.
    public var now: Duration { rig.now }

    /// The rig's timing tolerances.
    public var tolerances: RigFile.Tolerances { rig.file.tolerances }

    /// Whose rules the reader is judged by: the profile the rig file gives the case's suite.
    public let profile: ReaderProfile

    /// Waits on the rig's clock (virtual time on a simulated rig).
    public func sleep(for duration: Duration) async {
        await rig.sleep(for: duration)
    }

    /// Runs `body`, records how long it took under `metric` and `conditions`, and returns
    /// its result.
    public func timed<T>(
        _ metric: String, conditions: MeasurementConditions? = nil,
        _ body: () async throws(DUTError) -> T
    ) async throws(DUTError) -> T {
        let start = now
        let result = try await body()
        recorder.record(metric, now - start, conditions: conditions)
        return result
    }

    /// Presents tags on the first slots, in order; a slot error is a harness error.
    public func present(_ setups: [TagSetup]) async -> RepetitionOutcome? {
        guard setups.count <= slots.count else {
            return .skip("needs \(setups.count) emulator chips, the rig has \(slots.count)")
        }
        for (slot, setup) in zip(slots, setups) {
            do {
                try await slot.present(setup)
            } catch {
                return .error("harness: \(error)")
            }
        }
        return nil
    }

    /// Waits until every tag in the field listens, rather than arming its chip again after the
    /// last reader; a slot that does not arm in time is a harness error.
    public func tagsReady() async -> RepetitionOutcome? {
        for slot in slots {
            do {
                try await slot.ready()
            } catch {
                return .error("harness: \(error)")
            }
        }
        return nil
    }

    /// The UIDs of the tags in the field, in slot order.
    public func uidsInField() async -> [[UInt8]] {
        var uids: [[UInt8]] = []
        for slot in slots {
            if let uid = await slot.uidInField { uids.append(uid) }
        }
        return uids
    }

    /// Every tag event of every slot, each with its slot id, in time order.
    public func tagEvents() async -> [(slot: String, event: TagEvent)] {
        var all: [(slot: String, event: TagEvent)] = []
        for slot in slots {
            all += await slot.events.map { (slot.chip.id, $0) }
        }
        return all.sorted { $0.event.at < $1.event.at }
    }
}
