/// GetFirmwareVersion (02): IC, firmware version and revision, supported protocols.
public struct PN533FirmwareVersion: Sendable, Hashable {
    /// The IC byte: 33 for PN533 and RC-S360, 32 for PN532.
    public var ic: UInt8
    /// Firmware version (2 on a PN533, 1 on an RC-S360).
    public var version: UInt8
    /// Firmware revision (7 on a PN533).
    public var revision: UInt8
    /// Supported protocols: bit 0 ISO/IEC 14443-A, bit 1 14443-B, bit 2 ISO/IEC 18092.
    public var support: UInt8

    /// A firmware version from its four bytes.
    public init(ic: UInt8, version: UInt8, revision: UInt8, support: UInt8) {
        self.ic = ic
        self.version = version
        self.revision = revision
        self.support = support
    }

    /// The chip these bytes identify.
    public var chip: PN533Chip { PN533Chip(ic: ic, version: version) }

    /// The request: no parameters.
    public static let request = PN533Request(.getFirmwareVersion)

    /// Parses the response data `IC Ver Rev Support`.
    public init(response data: [UInt8]) throws(PN533Error) {
        var reader = PN533ResponseReader(data, command: .getFirmwareVersion)
        ic = try reader.readByte("IC")
        version = try reader.readByte("Ver")
        revision = try reader.readByte("Rev")
        support = try reader.readByte("Support")
        try reader.finish()
    }
}
