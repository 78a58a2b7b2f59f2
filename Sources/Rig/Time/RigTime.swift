import ISODEP
import ISODEPSimulation
import PN533Sim
import TagReader

/// The time a rig runs on. A rig with a simulated chip runs on the `SimulationClock` its
/// field needs: virtual time for `clock: virtual`, or real time on it for `clock: wall` (the
/// chips still simulate, `virtual-usb` ones too). A rig with no simulated chip, real USB
/// dongles only, has no field and needs no simulation: it runs on the plain wall clock.
///
/// Everything above the rig (the conformance engine, the command line) goes through this
/// type or `AssembledRig`'s methods built on it, and never names the simulation clock.
public struct RigTime: Sendable {
    /// The simulation clock, on a rig with one; nil on the plain wall clock.
    public let simulationClock: SimulationClock?
    /// Where `now` counts from on the plain wall clock (a simulation clock has its own zero).
    private let origin: ContinuousClock.Instant

    /// Time on `clock`, a simulated rig's.
    public init(simulation clock: SimulationClock) {
        simulationClock = clock
        origin = .now
    }

    private init() {
        simulationClock = nil
        origin = .now
    }

    /// The plain wall clock, counting from now.
    public static func wall() -> RigTime { RigTime() }

    /// The time `file` runs on, starting now: a simulation clock when it needs one, else the
    /// plain wall clock.
    public init(for file: RigFile) {
        self =
            Self.needsSimulation(file)
            ? RigTime(simulation: SimulationClock(mode: file.clock == .virtual ? .virtual : .wall))
            : .wall()
    }

    /// Whether `file` needs a simulation clock: when any chip is simulated (its field runs on
    /// one), or when the file asks for virtual time, which only a simulation clock keeps.
    public static func needsSimulation(_ file: RigFile) -> Bool {
        file.clock == .virtual || file.namesSimulatedChip
    }

    /// Whether time is virtual: it moves only while every participant waits.
    public var isVirtual: Bool { simulationClock?.mode == .virtual }

    /// Time since the rig's start.
    public var now: Duration {
        if let simulationClock { simulationClock.now.offset } else { .now - origin }
    }

    /// Waits `duration` (of virtual time on a virtual clock); returns early when cancelled.
    public func sleep(for duration: Duration) async {
        if let simulationClock {
            try? await simulationClock.sleep(for: duration)
        } else {
            try? await Task.sleep(for: duration)
        }
    }

    /// Runs `body` as a participant of the simulation clock (virtual time stands still while
    /// it runs); on the plain wall clock there is nothing to take part in, so it just runs.
    @discardableResult
    public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        guard let simulationClock else { return try await body() }
        return try await simulationClock.participate(body)
    }

    /// The same time as a reader clock, so reader events and tag events share one timeline.
    public var readerClock: ReaderClock {
        if let simulationClock {
            ReaderClock(simulationClock, origin: .zero)
        } else {
            ReaderClock(ContinuousClock(), origin: origin)
        }
    }

    /// Starts `body` as a task of the rig: a participant of the simulation clock, which must
    /// count as running from the start so virtual time cannot slip past it.
    func spawn(_ body: @escaping @Sendable () async -> Void) -> RigTask {
        if let simulationClock {
            RigTask(simulationClock.spawn(body))
        } else {
            RigTask(Task(operation: body))
        }
    }

    /// How an emulator's ISO-DEP layer waits: on virtual time only when time is virtual; a
    /// wall-mode simulation clock's deadlines are real time, which the plain scheduler keeps.
    var isoDEPScheduler: any ISODEPScheduler {
        if let simulationClock, simulationClock.mode == .virtual {
            SimulationISODEPScheduler(clock: simulationClock)
        } else {
            ContinuousISODEPScheduler()
        }
    }
}
