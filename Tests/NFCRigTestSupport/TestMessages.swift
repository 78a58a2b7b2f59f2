import NDEF

/// Messages the tests put on tags and write.
public enum TestMessages {
    /// One URI record, the URI abbreviated as NDEF's URI record type allows.
    public static func uri(_ url: String) -> NDEFMessage {
        guard let record = NDEFRecord.wellKnownTypeURIPayload(string: url) else {
            preconditionFailure("not a URI a test can write: \(url)")
        }
        return NDEFMessage(record)
    }

    /// `count` English Text records: `record 0`, `record 1`, ... (`prefix` for `record`).
    public static func texts(_ count: Int, prefix: String = "record") -> NDEFMessage {
        NDEFMessage(
            records: (0..<count).map {
                guard
                    let record = NDEFRecord.wellKnownTypeTextPayload(
                        string: "\(prefix) \($0)", locale: "en")
                else { preconditionFailure("not a text a test can write: \(prefix) \($0)") }
                return record
            })
    }

    /// One media record whose payload (bytes counting up in steps of `seed`) makes the
    /// encoded message exactly `length` bytes.
    public static func filling(_ length: Int, seed: UInt8 = 31) -> NDEFMessage {
        let type = Array("application/octet-stream".utf8)
        let header = 2 + type.count
        let payloadLength = length - header - (length - header - 1 > 255 ? 4 : 1)
        let payload = (0..<payloadLength).map { UInt8(truncatingIfNeeded: $0 &* Int(seed)) }
        return NDEFMessage(NDEFRecord(typeNameFormat: .media, type: type, payload: payload))
    }

    /// `message` encoded, in chunks of `chunkSize` payload bytes when not 0.
    public static func bytes(_ message: NDEFMessage, chunkSize: Int = 0) -> [UInt8] {
        do {
            return try NDEFEncoder(chunkSize: chunkSize).encode(message)
        } catch {
            preconditionFailure("test message does not encode: \(error)")
        }
    }
}
