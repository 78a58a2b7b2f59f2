import Synchronization

/// Lines appended from several simulated tasks, read back by the test.
final class LineLog: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    var all: [String] { lines.withLock { $0 } }
}
