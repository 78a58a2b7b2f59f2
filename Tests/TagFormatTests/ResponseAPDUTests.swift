import NFCRigTestSupport
import Testing

@testable import TagFormat

@Suite struct ResponseAPDUTests {
    @Test("a response splits into data and the last two bytes")
    func decodes() throws {
        let response = try ResponseAPDU(decoding: bytes("00 0F 20 00 3B 00 34 90 00"))
        #expect(response.data == bytes("00 0F 20 00 3B 00 34"))
        #expect(response.statusWord == .ok)
        #expect(response.encoded() == bytes("00 0F 20 00 3B 00 34 90 00"))
    }

    @Test("a bare status word is a response without data")
    func statusOnly() throws {
        let response = try ResponseAPDU(decoding: bytes("6A 82"))
        #expect(response.data.isEmpty)
        #expect(response.statusWord == .fileNotFound)
    }

    @Test("fewer than two bytes are not a response", arguments: ["", "90"])
    func tooShort(_ hex: String) {
        let count = bytes(hex).count
        #expect(
            throws: APDUError.truncated(offset: 0, field: .statusWord, needed: 2, available: count)
        ) {
            try ResponseAPDU(decoding: bytes(hex))
        }
    }
}

@Suite struct StatusWordTests {
    static let named: [(StatusWord, UInt16, String)] = [
        (.ok, 0x9000, "9000 (ok)"),
        (.fileNotFound, 0x6A82, "6A82 (file or application not found)"),
        (.wrongLength, 0x6700, "6700 (wrong length)"),
        (.wrongP1P2, 0x6B00, "6B00 (wrong parameters P1-P2)"),
        (.insNotSupported, 0x6D00, "6D00 (instruction code not supported or invalid)"),
        (.claNotSupported, 0x6E00, "6E00 (class not supported)"),
        (.commandNotAllowed, 0x6986, "6986 (command not allowed)"),
        (.securityStatusNotSatisfied, 0x6982, "6982 (security status not satisfied)"),
        (.incorrectP1P2, 0x6A86, "6A86 (incorrect parameters P1-P2)"),
        (.wrongData, 0x6A80, "6A80 (incorrect parameters in the command data field)"),
        (.endOfFileReached, 0x6282, "6282 (end of file reached before reading Le bytes)"),
        (.fileDeactivated, 0x6283, "6283 (selected file deactivated)"),
    ]

    @Test("named status words have the DESIGN §4 values and say what they mean")
    func names() {
        for (word, raw, text) in Self.named {
            #expect(word.rawValue == raw)
            #expect(word.description == text)
        }
    }

    @Test("SW1 and SW2 are the high and low byte")
    func bytesOfWord() {
        let word = StatusWord(sw1: 0x6A, sw2: 0x82)
        #expect(word == .fileNotFound)
        #expect(word.sw1 == 0x6A && word.sw2 == 0x82)
    }

    @Test("61XX and 6CXX carry a length, other unknown words print as hex")
    func parameterised() {
        #expect(
            StatusWord.bytesAvailable(0x10).description == "6110 (16 more response bytes available)"
        )
        #expect(StatusWord.bytesAvailable(0x10).isSuccess)
        #expect(
            StatusWord.wrongLe(exactLength: 0).description == "6C00 (wrong Le, exact length 256)")
        #expect(StatusWord(rawValue: 0x6F00).description == "6F00")
        #expect(!StatusWord.fileNotFound.isSuccess)
    }
}
