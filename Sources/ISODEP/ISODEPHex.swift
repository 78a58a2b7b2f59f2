/// Lowercase hex for descriptions and messages.
enum ISODEPHex {
    static func byte(_ byte: UInt8) -> String {
        (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
    }

    static func string(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map(byte).joined()
    }
}
