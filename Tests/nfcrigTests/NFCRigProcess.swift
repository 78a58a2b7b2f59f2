import Foundation

/// Runs the built `nfcrig` binary, which SwiftPM places beside the test bundle.
struct NFCRigProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        let tests = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return tests.deletingLastPathComponent().appendingPathComponent("nfcrig")
    }

    /// Runs nfcrig with `arguments`, in `environment` when given (this process's otherwise)
    /// and in `directory` when given (this process's working directory otherwise).
    static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil,
        directory: URL? = nil
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }
}
