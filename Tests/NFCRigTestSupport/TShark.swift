import Foundation

/// Wireshark's command-line reader, the oracle of nfcrig's trace files. `make test`
/// installs it (`tshark` in the Makefile's SYSTEM_PACKAGES) and sets NFCRIG_TSHARK to the
/// program to run, so that a missing tshark fails the tests that need it there; a plain
/// `swift test` leaves it unset and those tests are disabled.
public struct TShark: Sendable {
    /// The program NFCRIG_TSHARK names, `nil` when it is unset.
    public static let program = ProcessInfo.processInfo.environment["NFCRIG_TSHARK"]

    /// The program to run.
    public let program: String
    /// The environment it runs in; this process's when `nil`.
    public var environment: [String: String]?

    /// tshark as `program`, in `environment`.
    public init(program: String, environment: [String: String]? = nil) {
        self.program = program
        self.environment = environment
    }

    /// tshark's standard output for `arguments`; its exit status must be 0.
    public func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting, so that a full pipe cannot stall tshark.
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TSharkFailure(
                status: process.terminationStatus,
                standardError: String(decoding: complaint, as: UTF8.self))
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// tshark ended with another status than 0.
public struct TSharkFailure: Error, CustomStringConvertible {
    public let status: Int32
    public let standardError: String
    public var description: String { "tshark exited with \(status): \(standardError)" }
}
