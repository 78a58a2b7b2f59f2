import Foundation

/// How the oracle tests read a trace file: with the decode-as options on the command line.
extension TShark {
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

    /// tshark's standard output reading `file` with `arguments` after the decode-as
    /// options; its exit status must be 0.
    public func read(_ file: URL, _ arguments: [String]) throws -> String {
        try run(["-n", "-r", file.path] + Self.decodeAs + arguments)
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
