import NFCRigTestSupport
import PN533Sim

/// The hosts of a rig waiting for the test to participate.
public final class PendingHosts: Sendable {
    private let starts = Locked<[@Sendable () -> Void]>([])
    private let stops = Locked<[@Sendable () async -> Void]>([])

    /// A host running `body` on `clock`, started by the next `startAll()`.
    public func add<Success: Sendable>(
        on clock: SimulationClock, _ body: @escaping @Sendable () async throws -> Success
    ) -> RigHost<Success> {
        let host = RigHost(clock: clock, body: body)
        starts.withLock { $0.append { _ = host.start() } }
        stops.withLock { $0.append { await host.stop() } }
        return host
    }

    /// Starts every host added since the last call.
    public func startAll() {
        let pending = starts.withLock { starts in
            defer { starts = [] }
            return starts
        }
        for start in pending { start() }
    }

    /// Cancels every host and waits until each has ended.
    public func stopAll() async {
        for stop in stops.withLock({ $0 }) { await stop() }
    }
}
