import NFCRigTestSupport
import PN533Sim

/// A host a test set up (a task driving a chip): it runs as a participant task of the
/// clock once started, and only once.
public final class RigHost<Success: Sendable>: Sendable {
    private let clock: SimulationClock
    private let body: @Sendable () async throws -> Success
    private let task = Locked<SimulationTask<Success>?>(nil)

    init(clock: SimulationClock, body: @escaping @Sendable () async throws -> Success) {
        self.clock = clock
        self.body = body
    }

    /// Spawns the host unless it runs already.
    public func start() -> SimulationTask<Success> {
        task.withLock { task in
            if let task { return task }
            let started = clock.spawn(body)
            task = started
            return started
        }
    }

    /// How the host ended (started now if it was not yet).
    public var value: Success {
        get async throws { try await start().value }
    }

    /// Cancels the host, if it was started, and waits until it has ended.
    public func stop() async {
        guard let started = task.withLock({ $0 }) else { return }
        started.cancel()
        _ = try? await started.value
    }
}
