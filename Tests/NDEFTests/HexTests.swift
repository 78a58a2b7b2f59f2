import Testing

@testable import NDEF

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
}
