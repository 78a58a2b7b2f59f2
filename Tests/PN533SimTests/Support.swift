import Synchronization

@testable import PN533Sim

/// Lines appended from several simulated tasks, read back by the test.
final class LineLog: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    var all: [String] { lines.withLock { $0 } }
}

extension SimulationClock {
    /// How a lone participant's wait for a message nobody sends ends: with nothing else due,
    /// a deadlock at the time it started (`nil` if a message came after all).
    func waitForNothing() async -> SimulationError? {
        await participate { () -> SimulationError? in
            do throws(SimulationError) {
                _ = try await SimulationChannel<Int>(clock: self).receive(deadline: nil)
                return nil
            } catch {
                return error
            }
        }
    }
}
