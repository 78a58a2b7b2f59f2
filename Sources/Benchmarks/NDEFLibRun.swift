import Foundation

/// ndeflib's figures on the same corpus, from `Scripts/ndeflib_bench.py`.
public struct NDEFLibRun: Codable, Sendable, Hashable {
    /// Records per second ndeflib decoded (best round).
    public var recordsPerSecond: Double
    /// Records in the corpus as ndeflib counts them (chunks count separately).
    public var records: Int
    /// Messages in the corpus.
    public var messages: Int

    /// Why ndeflib could not be measured.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with the script's output.
        public var description: String
    }

    /// Runs the script with `python` on `corpus` and reads its one-line JSON answer.
    public static func measure(python: String, script: String, corpus: String) throws -> NDEFLibRun
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, corpus]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start \(python): \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(
            decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(script) exited \(process.terminationStatus): \(errorText)")
        }
        do {
            return try JSONDecoder().decode(NDEFLibRun.self, from: data)
        } catch {
            throw Failure(
                description: "\(script) printed something that is not its JSON line: "
                    + String(decoding: data.prefix(200), as: UTF8.self))
        }
    }
}
