/// ReadRegister (06): the values of 16-bit addressed registers (CIU, SFR, XRAM).
public enum PN533ReadRegister {
    /// The request: each address big-endian.
    public static func request(_ addresses: [UInt16]) -> PN533Request {
        PN533Request(.readRegister, addresses.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }

    /// Parses the values of `count` registers. A PN533 (and PN532) puts a status byte first
    /// (DESIGN.md §3); the RC-S360 sends the values alone.
    public static func values(
        response data: [UInt8], count: Int, chip: PN533Chip = .pn533
    ) throws(PN533Error) -> [UInt8] {
        var reader = PN533ResponseReader(data, command: .readRegister)
        if chip.readRegisterHasStatusByte { _ = try reader.readSuccessStatus() }
        let values = try reader.readBytes(count, "register values")
        try reader.finish()
        return values
    }
}
