import NDEF

/// Messages the tests put on tags.
enum TestMessages {
    static func uri(_ url: String) -> NDEFMessage {
        NDEFMessage(NDEFRecord.wellKnownTypeURIPayload(string: url)!)
    }

    static func texts(_ count: Int) -> NDEFMessage {
        NDEFMessage(
            records: (0..<count).map {
                NDEFRecord.wellKnownTypeTextPayload(string: "record \($0)", locale: "en")!
            })
    }

    /// One MIME record whose payload makes the encoded message exactly `length` bytes.
    static func filling(_ length: Int) -> NDEFMessage {
        let type = Array("application/octet-stream".utf8)
        let header = 2 + type.count
        let payloadLength = length - header - (length - header - 1 > 255 ? 4 : 1)
        let payload = (0..<payloadLength).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        return NDEFMessage(NDEFRecord(typeNameFormat: .media, type: type, payload: payload))
    }

    static func bytes(_ message: NDEFMessage, chunkSize: Int = 0) -> [UInt8] {
        try! NDEFEncoder(chunkSize: chunkSize).encode(message)
    }
}
