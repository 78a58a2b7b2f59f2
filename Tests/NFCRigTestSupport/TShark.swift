import Foundation

/// Wireshark's command-line reader, the oracle of nfcrig's trace files. `make test`
/// installs it (`tshark` in the Makefile's SYSTEM_PACKAGES) and sets NFCRIG_TSHARK to the
/// program to run, so that a missing tshark fails the oracle test there; a plain
/// `swift test` leaves it unset and the test is disabled.
public struct TShark: Sendable {
    public static let program = ProcessInfo.processInfo.environment["NFCRIG_TSHARK"]

    /// The decode-as options every run needs: ISO 14443 payloads as ISO 7816 APDUs, and the
    /// transfers of the chips a trace numbers (bus 1, devices 2 to 9) as PN533 frames.
    public static let decodeAs =
        ["-d", "iso14443.subdissector,iso7816"]
        + (2...9).flatMap { ["-d", "usb.device==0x0001\(String(format: "%04x", $0)),pn532_hci"] }

    /// What makes tshark complain: a malformed packet, an expert warning or error, a wrong
    /// CRC_A, a PN533 checksum that does not add up.
    public static let complaints =
        "_ws.malformed || _ws.expert.severity >= 0x00800000 || iso14443.crc.wrong"
        + " || pn532_hci.expert.invalid_data_checksum"
        + " || pn532_hci.expert.invalid_length_checksum"

    public let program: String

    public init(program: String) { self.program = program }

    /// tshark's standard output reading `file` with `arguments` after the decode-as
    /// options; its exit status must be 0.
    public func read(_ file: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program, "-n", "-r", file.path] + Self.decodeAs + arguments
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

    /// One row per packet of `fields`, tab-separated as `-T fields` prints them.
    public func fields(_ file: URL, _ fields: [String], filter: String? = nil) throws -> [[String]]
    {
        var arguments = ["-T", "fields"] + fields.flatMap { ["-e", $0] }
        if let filter { arguments += ["-Y", filter] }
        return try read(file, arguments).split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }
}

public struct TSharkFailure: Error, CustomStringConvertible {
    let status: Int32
    let standardError: String
    public var description: String { "tshark exited with \(status): \(standardError)" }
}
