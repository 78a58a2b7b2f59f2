/// Hex text to and from bytes: the one place nfcrig writes bytes as hex digits and reads
/// them back, from the PN533 driver up to the CLI.
public enum Hex {
    /// Parses hex digits; whitespace, `:` and `-` may separate bytes, `0x` may prefix the whole.
    public static func decode(_ text: String) throws(HexError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count / 2)
        var high: UInt8?
        var highPosition = 0
        var characters = Substring(text)
        var position = 0
        if characters.hasPrefix("0x") || characters.hasPrefix("0X") {
            characters = characters.dropFirst(2)
            position = 2
        }
        for character in characters {
            defer { position += 1 }
            if character.isWhitespace || character == ":" || character == "-" {
                if high != nil { throw .oddDigitCount(position: highPosition) }
                continue
            }
            guard let ascii = character.asciiValue, let nibble = nibble(ascii) else {
                throw .invalidCharacter(character, position: position)
            }
            if let value = high {
                bytes.append(value << 4 | nibble)
                high = nil
            } else {
                high = nibble
                highPosition = position
            }
        }
        if high != nil { throw .oddDigitCount(position: highPosition) }
        return bytes
    }

    /// Parses hex digits and nothing else: no separators, no `0x` (a wire format's hex field).
    public static func decodeDigits(_ text: String) throws(HexError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count / 2)
        var high: UInt8 = 0
        var position = 0
        for character in text {
            guard let ascii = character.asciiValue, let nibble = nibble(ascii) else {
                throw .invalidCharacter(character, position: position)
            }
            if position % 2 == 0 {
                high = nibble << 4
            } else {
                bytes.append(high | nibble)
            }
            position += 1
        }
        if position % 2 == 1 { throw .oddDigitCount(position: position - 1) }
        return bytes
    }

    /// Two hex digits per byte, `separator` between bytes: lowercase, as logs, JSON and
    /// `lsusb` write bytes, or `uppercase`, as the PN533 manual and the NFC Forum
    /// specifications do.
    public static func encode(
        _ bytes: some Sequence<UInt8>, uppercase: Bool = false, separator: String = ""
    ) -> String {
        let digits = uppercase ? uppercaseDigits : lowercaseDigits
        let gap = Array(separator.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * (2 + gap.count))
        for byte in bytes {
            if !out.isEmpty { out += gap }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Every hex digit of `value`'s width, leading zeros kept: two for a `UInt8`, four for a
    /// `UInt16` (a status word, a USB ID, a JSON `\u` escape).
    public static func digits<Value: FixedWidthInteger & UnsignedInteger>(
        _ value: Value, uppercase: Bool = false
    ) -> String {
        let bigEndian = (0..<Value.bitWidth / 8).reversed().lazy.map {
            UInt8(truncatingIfNeeded: value >> ($0 * 8))
        }
        return encode(bigEndian, uppercase: uppercase)
    }

    private static let lowercaseDigits = Array("0123456789abcdef".utf8)
    private static let uppercaseDigits = Array("0123456789ABCDEF".utf8)

    private static func nibble(_ ascii: UInt8) -> UInt8? {
        switch ascii {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): ascii - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): ascii - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): ascii - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
