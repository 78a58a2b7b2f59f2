/// WriteRegister (08): sets 16-bit addressed registers; the response is one status byte.
public enum PN533WriteRegister {
    /// The request: each address big-endian, then its value.
    public static func request(_ writes: [(address: UInt16, value: UInt8)]) -> PN533Request {
        PN533Request(
            .writeRegister,
            writes.flatMap { [UInt8($0.address >> 8), UInt8($0.address & 0xFF), $0.value] })
    }
}
