/// CRC_A of ISO/IEC 14443-3 (polynomial x^16 + x^12 + x^5 + 1, initial value 0x6363,
/// transmitted least significant byte first): `E0 80` (RATS) goes on the air as
/// `E0 80 31 73`.
///
/// The one implementation in `Sources/`: the simulated chips append and check it, the trace
/// listing checks captured frames with it. Which frames carry one is ISO/IEC 14443-3's rule:
/// every standard frame does, except the short frames REQA (`26`) and WUPA (`52`), ATQA,
/// the anticollision commands (`93`/`95`/`97` with NVB below `70`) and the UID part the card
/// answers them with; a Type 2 ACK/NAK (4 bits) carries none either.
public enum CRCA {
    /// The two CRC bytes for `bytes`, in transmission order.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        let crc = value(bytes)
        return [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }

    /// `bytes` followed by their CRC.
    public static func appending(to bytes: [UInt8]) -> [UInt8] {
        let crc = value(bytes)
        var frame = [UInt8]()
        frame.reserveCapacity(bytes.count + 2)
        frame.append(contentsOf: bytes)
        frame.append(UInt8(crc & 0xFF))
        frame.append(UInt8(crc >> 8))
        return frame
    }

    /// The bytes without their trailing CRC, or `nil` when there is none or it is wrong.
    public static func stripping(_ bytes: [UInt8]) -> [UInt8]? {
        strippingInPlace(bytes).map(Array.init)
    }

    /// `stripping` as a slice of `bytes`, without a copy.
    public static func strippingInPlace(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard bytes.count >= 2 else { return nil }
        let body = bytes[..<(bytes.count - 2)]
        let crc = value(body)
        guard bytes[bytes.count - 2] == UInt8(crc & 0xFF), bytes[bytes.count - 1] == UInt8(crc >> 8)
        else { return nil }
        return body
    }

    /// The CRC register after `bytes`; its low byte is transmitted first.
    static func value(_ bytes: some Sequence<UInt8>) -> UInt16 {
        var crc: UInt16 = 0x6363
        for byte in bytes {
            var value = byte ^ UInt8(crc & 0xFF)
            value ^= value << 4
            crc = (crc >> 8) ^ (UInt16(value) << 8) ^ (UInt16(value) << 3) ^ (UInt16(value) >> 4)
        }
        return crc
    }
}
