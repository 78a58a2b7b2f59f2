import NDEF
import Rig
import TagFormat

/// The tag contents and layouts the suites use.
enum Fixtures {
    /// The records encoded; `chunkSize` above 0 splits longer payloads into chunks of it.
    static func encode(_ records: [NDEFRecord], chunkSize: Int = 0) -> [UInt8] {
        // Fixture records are built to the rules; an encoding failure is a suite bug that the
        // case then reports as an error (an empty tag).
        (try? NDEFEncoder(chunkSize: chunkSize).encode(NDEFMessage(records: records))) ?? []
    }

    static func uri(_ text: String) -> NDEFRecord { URIRecord(uri: text).record }

    static func text(_ text: String, language: String = "en", encoding: TextRecord.Encoding = .utf8)
        -> NDEFRecord
    {
        (try? TextRecord(text: text, language: language, encoding: encoding).record())
            ?? NDEFRecord(typeNameFormat: .wellKnown, typeName: "T", payload: [])
    }

    static func json(_ object: String) -> NDEFRecord {
        MIMERecord(mediaType: "application/json", payload: Array(object.utf8)).record
    }

    static let favoriteJSON = #"{"id":"8f14e45f","favorite":"espresso"}"#

    /// A Smart Poster for `uri` titled in English and French, action "execute".
    static func smartPoster(_ uri: String) -> NDEFRecord {
        let titles = [
            TextRecord(text: "Menu", language: "en"), TextRecord(text: "Carte", language: "fr"),
        ]
        return
            (try? SmartPosterRecord(uri: URIRecord(uri: uri), titles: titles, action: .execute)
            .record()) ?? Self.uri(uri)
    }

    /// A URI record whose header announces 48 payload bytes where 8 follow: no NDEF message.
    static let overrunningRecord: [UInt8] = [0xD1, 0x01, 0x30, 0x55, 0x04] + Array("example".utf8)

    /// A message of `count` Text records.
    static func manyRecords(_ count: Int) -> [UInt8] {
        encode((0..<count).map { text("record \($0)") })
    }

    /// A single media record of exactly `length` encoded bytes (for capacity tests).
    static func message(ofLength length: Int) -> [UInt8] {
        // Header: flags, type length, payload length (1 or 4 bytes), type "a/b" (3 bytes).
        let short = length - 6 <= 255
        let payload = length - (short ? 6 : 9)
        return encode([
            NDEFRecord(
                typeNameFormat: .media, typeName: "a/b",
                payload: (0..<max(payload, 0)).map { UInt8(truncatingIfNeeded: $0) })
        ])
    }

    static func type4(
        _ content: [UInt8], mapping: UInt8 = CapabilityContainer.version2, mle: UInt16 = 0xFF,
        mlc: UInt16 = 0xFF, size: UInt32 = 0x0800, readOnly: Bool = false, formatted: Bool = true
    ) -> TagSetup {
        .type4(
            Type4Setup(
                mappingVersion: mapping, maximumResponseDataLength: mle,
                maximumCommandDataLength: mlc, maximumFileSize: size, readOnly: readOnly,
                formatted: formatted, content: content))
    }

    static func type2(
        _ content: [UInt8], size: Int = 144, readOnly: Bool = false, formatted: Bool = true
    )
        -> TagSetup
    {
        .type2(
            Type2Setup(
                dataAreaSize: size, readOnly: readOnly, formatted: formatted, content: content))
    }
}
