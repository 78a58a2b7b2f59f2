import HexText
import Testing

@Suite struct HexTests {
    @Test func separatorsAndAPrefixAreAccepted() throws {
        #expect(try Hex.decode("0xD1:01-0a Ff") == [0xD1, 0x01, 0x0A, 0xFF])
    }

    @Test func aNonHexCharacterIsNamedWithItsPosition() {
        #expect(throws: HexError.invalidCharacter("g", position: 3)) { try Hex.decode("d10g") }
    }

    @Test func anOddDigitIsNamedWithItsPosition() {
        #expect(throws: HexError.oddDigitCount(position: 3)) { try Hex.decode("d1 0 1") }
        #expect(throws: HexError.oddDigitCount(position: 2)) { try Hex.decode("d10") }
    }

    @Test func encodingIsLowercaseWithoutSeparators() {
        #expect(Hex.encode([0xD1, 0x0A]) == "d10a")
    }

    @Test func uppercaseDigitsAndASeparatorComeWhenAsked() {
        #expect(Hex.encode([0xD1, 0x0A], uppercase: true) == "D10A")
        #expect(Hex.encode([0x26, 0x00, 0x1F], separator: " ") == "26 00 1f")
        #expect(Hex.encode([], separator: " ") == "")
    }

    @Test func anIntegerIsWrittenWithEveryDigitOfItsWidth() {
        #expect(Hex.digits(UInt8(0x0A)) == "0a")
        #expect(Hex.digits(UInt16(0x04CC)) == "04cc")
        #expect(Hex.digits(UInt16(0x6A82), uppercase: true) == "6A82")
        #expect(Hex.digits(UInt32(0x1F)) == "0000001f")
    }
}
