import Foundation
import Locking

/// Everything a process DUT writes on stderr, kept: each whole line stamped with the rig's
/// time and the case that was running, appended to a file as it comes (so that a run that
/// dies keeps what came before), and handed to `echo` when the user asked to watch it live
/// (`nfcrig run --dut-stderr`). A line the child has not finished yet waits for its newline;
/// the child's last words without one are kept when its stderr closes.
public final class DUTStderrLog: Sendable {
    /// The log's name in a run's report folder, which the reports link to.
    public static let fileName = "dut.stderr.log"

    private struct State {
        var file: FileHandle?
        var pending = ""
        var caseID: String?
        var lines = 0
    }

    private let state: Lock<State>
    private let now: @Sendable () -> Duration
    private let echo: (@Sendable (String) -> Void)?
    /// Where the log is written, if anywhere.
    public let path: String?

    /// A log written to `path` (created or truncated; nil keeps nothing but the echo), lines
    /// stamped with `now` (the rig's clock) and handed to `echo` as they are written.
    ///
    /// - Throws: the file system's error when `path` cannot be created.
    public init(
        path: String?, now: @escaping @Sendable () -> Duration,
        echo: (@Sendable (String) -> Void)? = nil
    ) throws {
        var file: FileHandle?
        if let path {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        }
        state = Lock(State(file: file))
        self.now = now
        self.echo = echo
        self.path = path
    }

    /// The case running from now on: the lines that follow carry its ID.
    public func begin(case id: String?) {
        state.withLock { $0.caseID = id }
    }

    /// How many lines were written so far.
    public var lineCount: Int { state.withLock { $0.lines } }

    /// Text the child wrote; whole lines are written, a partial one waits.
    public func append(_ text: String) {
        let lines = state.withLock { state -> [String] in
            state.pending += text
            var whole: [String] = []
            while let newline = state.pending.firstIndex(of: "\n") {
                whole.append(String(state.pending[..<newline]))
                state.pending = String(state.pending[state.pending.index(after: newline)...])
            }
            return whole.map { Self.write($0, &state, at: now()) }
        }
        for line in lines { echo?(line) }
    }

    /// The child's stderr closed: a last line without a newline is written too.
    public func finish() {
        let line = state.withLock { state -> String? in
            guard !state.pending.isEmpty else { return nil }
            defer { state.pending = "" }
            return Self.write(state.pending, &state, at: now())
        }
        if let line { echo?(line) }
    }

    /// Closes the file; nothing more is written to it.
    public func close() {
        state.withLock { state in
            try? state.file?.close()
            state.file = nil
        }
    }

    /// Writes `line` stamped; returns the stamped line.
    private static func write(_ line: String, _ state: inout State, at time: Duration)
        -> String
    {
        let seconds =
            Double(time.components.seconds)
            + Double(time.components.attoseconds) / 1e18
        let stamp = String(format: "%10.3f", seconds)
        let stamped = "\(stamp) s  [\(state.caseID ?? "-")]  \(line)"
        state.lines += 1
        state.file?.write(Data((stamped + "\n").utf8))
        return stamped
    }
}
