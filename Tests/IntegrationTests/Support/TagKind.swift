import NDEF
import Rig
import TagFormat
import Testing

/// The tags nfcrig's emulator presents to nfcrig's reader in every combination.
enum TagKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Type 4 Tag, mapping 2.0 (NLEN).
    case t4v2
    /// Type 4 Tag, mapping 3.0 (ENLEN).
    case t4v3
    /// Type 2 Tag (NTAG213 layout).
    case t2

    static let type4: [TagKind] = [.t4v2, .t4v3]

    /// An NTAG215's data area: room for messages that need the 3-byte TLV length.
    static let type2DataArea = 496

    var testDescription: String {
        switch self {
        case .t4v2: "Type 4 mapping 2.0"
        case .t4v3: "Type 4 mapping 3.0"
        case .t2: "Type 2"
        }
    }

    var isType4: Bool { self != .t2 }

    /// A tag of this kind holding `content`.
    func setup(bytes content: [UInt8], readOnly: Bool = false, formatted: Bool = true) -> TagSetup {
        switch self {
        case .t4v2, .t4v3:
            .type4(type4Setup(content, readOnly: readOnly, formatted: formatted))
        case .t2:
            .type2(
                Type2Setup(
                    dataAreaSize: Self.type2DataArea, readOnly: readOnly, formatted: formatted,
                    content: content))
        }
    }

    /// A Type 4 Tag of this kind's mapping version (2 KiB file, MLe and MLc FF) holding
    /// `content`.
    func type4Setup(_ content: [UInt8], readOnly: Bool = false, formatted: Bool = true)
        -> Type4Setup
    {
        Type4Setup(
            mappingVersion: self == .t4v3
                ? CapabilityContainer.version3 : CapabilityContainer.version2,
            readOnly: readOnly, formatted: formatted, content: content)
    }

    /// A tag of this kind holding `message`.
    func setup(_ message: NDEFMessage, readOnly: Bool = false) -> TagSetup {
        setup(bytes: Messages.bytes(message), readOnly: readOnly)
    }
}

/// Messages the tests put on tags and write.
enum Messages {
    static func uri(_ url: String) -> NDEFMessage {
        NDEFMessage(NDEFRecord(typeNameFormat: .wellKnown, typeName: "U", payload: uriPayload(url)))
    }

    /// `https://` prefix code 04 and the rest of the URL.
    private static func uriPayload(_ url: String) -> [UInt8] {
        let prefix = "https://"
        guard url.hasPrefix(prefix) else { return [0x00] + Array(url.utf8) }
        return [0x04] + Array(url.dropFirst(prefix.count).utf8)
    }

    static let oneRecord = uri("https://example.com/nfcrig")

    static func texts(_ count: Int, prefix: String = "record") -> NDEFMessage {
        NDEFMessage(
            records: (0..<count).map {
                NDEFRecord(
                    typeNameFormat: .wellKnown, typeName: "T",
                    payload: [0x02] + Array("en\(prefix) \($0)".utf8))
            })
    }

    /// One media record whose payload makes the encoded message exactly `length` bytes.
    static func filling(_ length: Int, seed: UInt8 = 31) -> NDEFMessage {
        let type = Array("application/octet-stream".utf8)
        let header = 2 + type.count
        let payloadLength = length - header - (length - header - 1 > 255 ? 4 : 1)
        let payload = (0..<payloadLength).map { UInt8(truncatingIfNeeded: $0 &* Int(seed)) }
        return NDEFMessage(NDEFRecord(typeNameFormat: .media, type: type, payload: payload))
    }

    /// One `application/json` record of about `length` payload bytes.
    static func json(_ length: Int) -> NDEFMessage {
        var body = "{\"items\":["
        var index = 0
        while body.utf8.count < length - 32 {
            body += (index == 0 ? "" : ",") + "{\"id\":\(index),\"name\":\"item \(index)\"}"
            index += 1
        }
        body += "]}"
        return NDEFMessage(
            NDEFRecord(
                typeNameFormat: .media, typeName: "application/json", payload: Array(body.utf8)))
    }

    static func bytes(_ message: NDEFMessage, chunkSize: Int = 0) -> [UInt8] {
        do {
            return try NDEFEncoder(chunkSize: chunkSize).encode(message)
        } catch {
            preconditionFailure("test message does not encode: \(error)")
        }
    }
}
