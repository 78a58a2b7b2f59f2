import Foundation
import Locking

/// The running child of a `ProcessDUT`: its stdin, a thread turning stdout into lines, and
/// the last part of its stderr for error messages (and all of it for the run's
/// `DUTStderrLog`, when there is one).
final class ProcessDUTChild: Sendable {
    let lines = LineQueue()
    private let process: Process
    private let input: FileHandle
    private let stderrBuffer = TextTail()

    init(
        spec: ProcessDUTSpec, directory: URL, environment: [String: String],
        stderrLog: DUTStderrLog? = nil
    ) throws {
        let process = Process()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let executable = spec.command[0]
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable, relativeTo: directory)
            process.arguments = Array(spec.command.dropFirst())
        } else {
            // A bare program name is looked up on PATH, as a shell would.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = spec.command
        }
        if let workingDirectory = spec.workingDirectory {
            process.currentDirectoryURL = URL(
                fileURLWithPath: workingDirectory, relativeTo: directory)
        } else {
            process.currentDirectoryURL = directory
        }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        self.process = process
        input = stdin.fileHandleForWriting
        let lines = lines
        let reader = Thread {
            var pending = Data()
            let handle = stdout.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = pending[pending.startIndex..<newline]
                    lines.push(String(decoding: line, as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            if !pending.isEmpty { lines.push(String(decoding: pending, as: UTF8.self)) }
            lines.finish()
        }
        reader.start()
        let errors = Thread { [stderrBuffer] in
            let handle = stderr.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                let text = String(decoding: chunk, as: UTF8.self)
                stderrBuffer.append(text)
                stderrLog?.append(text)
            }
            stderrLog?.finish()
            stderrBuffer.finish()
        }
        errors.start()
    }

    var isRunning: Bool { process.isRunning }

    /// The last whole lines of stderr, some 400 characters at most, on one line (each line
    /// ended by ` ⏎ `), so that a quoted traceback keeps a case's one line in the console; a
    /// single line longer than that is cut at its start.
    var stderrTail: String { TextTail.lastLines(of: stderrBuffer.text, within: 400) }

    /// The exit status and the end of stderr once the process has ended: waits (a few
    /// seconds at most) for it to be reaped and for its stderr to be read to the end, which
    /// a busy host may do well after stdout closed.
    func exitReport() async -> (status: Int32, stderr: String) {
        for _ in 0..<500 where process.isRunning || !stderrBuffer.isFinished {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return (process.isRunning ? -1 : process.terminationStatus, stderrTail)
    }

    /// Writes one request line.
    func send(_ message: [String: Any]) throws {
        var data = try JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])
        data.append(0x0A)
        try input.write(contentsOf: data)
    }

    func terminate() {
        try? input.close()
        if process.isRunning { process.terminate() }
    }
}

/// The last part of a stream of text, kept for error messages.
final class TextTail: Sendable {
    private let state = Lock((text: "", finished: false))
    private static let kept = 2000

    func append(_ text: String) {
        state.withLock { state in
            state.text += text
            if state.text.count > Self.kept { state.text = String(state.text.suffix(Self.kept)) }
        }
    }

    /// The stream ended: nothing more will be appended.
    func finish() { state.withLock { $0.finished = true } }

    var text: String { state.withLock { $0.text } }

    var isFinished: Bool { state.withLock { $0.finished } }

    /// The last whole lines of `text` within `limit` characters, joined by ` ⏎ `.
    static func lastLines(of text: String, within limit: Int) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        var kept: [String] = []
        var length = 0
        for line in lines.reversed() {
            guard length + line.count <= limit || kept.isEmpty else { break }
            kept.insert(line.count > limit ? "…" + line.suffix(limit) : line, at: 0)
            length += line.count + 3
        }
        return kept.joined(separator: " ⏎ ")
    }
}
