import HexText

/// An ISO/IEC 7816-4 response APDU: response data followed by SW1 SW2.
public struct ResponseAPDU: Sendable, Hashable {
    /// The response data field (may be empty).
    public var data: [UInt8]
    /// The trailer SW1 SW2.
    public var statusWord: StatusWord

    /// Creates a response.
    public init(data: [UInt8] = [], statusWord: StatusWord) {
        self.data = data
        self.statusWord = statusWord
    }

    /// The wire bytes: data, SW1, SW2.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + 2)
        bytes += data
        bytes.append(statusWord.sw1)
        bytes.append(statusWord.sw2)
        return bytes
    }

    /// Decodes a response; the last two bytes are the status word.
    public init(decoding input: some Collection<UInt8>) throws(APDUError) {
        let bytes = Array(input)
        guard bytes.count >= 2 else {
            throw .truncated(offset: 0, field: .statusWord, needed: 2, available: bytes.count)
        }
        let split = bytes.count - 2
        self.init(
            data: Array(bytes[..<split]),
            statusWord: StatusWord(sw1: bytes[split], sw2: bytes[split + 1]))
    }
}

extension ResponseAPDU: CustomStringConvertible {
    public var description: String { Hex.encode(encoded(), uppercase: true) }
}
