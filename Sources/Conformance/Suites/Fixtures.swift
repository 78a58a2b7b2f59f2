import NDEF
import Rig
import TagFormat

/// The tag contents and layouts the suites use.
///
/// Every fixture is built from nfcrig's own constants, never from outside input, so one that
/// cannot be built is a bug in nfcrig: it stops the run at once, naming the fixture and why
/// (`built(_:_:)`), rather than falling back to an empty tag or a plainer record that a
/// case would then compare with what a DUT read of it (`[]` with `[]`). Building the
/// catalogue, as `make test` does many times, finds such a bug before any run does.
enum Fixtures {
    /// What `body` builds; a failure stops the run naming `fixture` and the error.
    static func built<T>(_ fixture: @autoclosure () -> String, _ body: () throws -> T) -> T {
        do {
            return try body()
        } catch {
            preconditionFailure("nfcrig's fixture \(fixture()) cannot be built: \(error)")
        }
    }

    /// The records encoded; `chunkSize` above 0 splits longer payloads into chunks of it.
    static func encode(_ records: [NDEFRecord], chunkSize: Int = 0) -> [UInt8] {
        built("a message of \(records.count) record(s) in chunks of \(chunkSize)") {
            try NDEFEncoder(chunkSize: chunkSize).encode(NDEFMessage(records: records))
        }
    }

    static func uri(_ text: String) -> NDEFRecord { URIRecord(uri: text).record }

    static func text(_ text: String, language: String = "en", encoding: TextRecord.Encoding = .utf8)
        -> NDEFRecord
    {
        built("the Text record \"\(text)\"") {
            try TextRecord(text: text, language: language, encoding: encoding).record()
        }
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
        return built("the Smart Poster for \(uri)") {
            try SmartPosterRecord(uri: URIRecord(uri: uri), titles: titles, action: .execute)
                .record()
        }
    }

    /// The largest message a Type 2 tag of `dataAreaSize` bytes holds (with `lockControl`).
    static func type2Capacity(dataAreaSize: Int, lockControl: Type2LockControl? = nil) -> Int {
        built("the capacity of a \(dataAreaSize)-byte Type 2 data area") {
            try Type2TagMemory.capacity(dataAreaSize: dataAreaSize, lockControl: lockControl)
        }
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
