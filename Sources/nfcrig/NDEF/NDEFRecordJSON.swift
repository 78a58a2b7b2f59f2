import HexText
import NDEF

/// The documented JSON shapes of `nfcrig ndef decode --json` and `lint` (docs/reports.md): scripts depend on these keys, so they change only with the schema.
enum NDEFRecordJSON {
    /// One record: tnf, type, typeHex, idHex, payloadHex, chunks, decoded.
    static func record(_ record: NDEFRecord) -> JSONValue {
        .object([
            ("tnf", .string(record.typeNameFormat.name)),
            ("type", .string(record.typeName)),
            ("typeHex", .string(Hex.encode(record.type))),
            ("idHex", .string(Hex.encode(record.identifier))),
            ("payloadHex", .string(Hex.encode(record.payload))),
            ("chunks", .int(record.chunkCount)),
            ("decoded", decoded(record)),
        ])
    }

    /// The typed fields of a record, `{"error":{...}}` when its payload breaks its RTD, or
    /// null for types nfcrig does not decode further.
    static func decoded(_ record: NDEFRecord) -> JSONValue {
        do {
            return content(try NDEFRecordContent(record))
        } catch {
            return .object([("error", rtdError(error))])
        }
    }

    static func content(_ content: NDEFRecordContent) -> JSONValue {
        switch content {
        case .empty:
            return .object([("kind", .string("empty"))])
        case .uri(let uri):
            return .object(
                [("kind", .string("uri")), ("uri", .string(uri.uri))]
                    + (uri.reservedPrefixCode.map { [("reservedPrefixCode", .int(Int($0)))] }
                        ?? []))
        case .text(let text):
            return .object([
                ("kind", .string("text")), ("text", .string(text.text)),
                ("language", .string(text.language)), ("encoding", .string(text.encoding.rawValue)),
            ])
        case .smartPoster(let poster):
            var members: [(String, JSONValue)] = [
                ("kind", .string("smartPoster")), ("uri", .string(poster.uri.uri)),
                (
                    "titles",
                    .array(
                        poster.titles.map {
                            .object([
                                ("language", .string($0.language)), ("text", .string($0.text)),
                            ])
                        })
                ),
            ]
            if let action = poster.action { members.append(("action", .string(action.name))) }
            if let size = poster.size { members.append(("size", .int(Int(size)))) }
            if let type = poster.resourceType { members.append(("type", .string(type))) }
            members.append(
                (
                    "icons",
                    .array(
                        poster.icons.map {
                            .object([
                                ("mediaType", .string($0.mediaType)),
                                ("bytes", .int($0.payload.count)),
                            ])
                        })
                ))
            return .object(members)
        case .mime(let mime):
            var members: [(String, JSONValue)] = [
                ("kind", .string("mime")), ("mediaType", .string(mime.mediaType)),
            ]
            if mime.isJSON {
                let valid = (try? mime.jsonObject()) != nil
                members.append(("json", .bool(valid)))
                if valid {
                    members.append(("text", .string(String(decoding: mime.payload, as: UTF8.self))))
                }
            }
            return .object(members)
        case .absoluteURI(let absolute):
            return .object([("kind", .string("absoluteURI")), ("uri", .string(absolute.uri))])
        case .external(let external):
            return .object([
                ("kind", .string("external")), ("type", .string(external.type.rawValue)),
                ("domain", .string(external.type.domain)), ("name", .string(external.type.name)),
            ])
        case .androidApplication(let application):
            return .object([
                ("kind", .string("androidApplication")),
                ("packageName", .string(application.packageName)),
            ])
        case .other:
            return .null
        }
    }

    /// A payload rule broken inside one record.
    static func rtdError(_ error: RTDError) -> JSONValue {
        .object([
            ("rule", .string(error.rule)),
            ("field", error.field.map { .string($0.rawValue) } ?? .null),
            ("offset", error.offset.map { .int($0) } ?? .null),
            ("message", .string(error.message)),
        ])
    }

    /// A message-level rule: rule, record, offset, message.
    static func violation(_ error: NDEFError) -> JSONValue {
        .object([
            ("rule", .string(error.rule)), ("record", .int(error.record)),
            ("offset", .int(error.offset)), ("message", .string(error.message)),
        ])
    }

    /// The background-reading verdict as `lint --json` prints it.
    static func background(_ verdict: BackgroundReadingVerdict) -> JSONValue {
        .object([
            ("dispatch", .bool(verdict.dispatch)),
            ("record", verdict.recordIndex.map { .int($0) } ?? .null),
            ("url", verdict.url.map { .string($0) } ?? .null),
            ("kind", verdict.kind.map { .string($0.rawValue) } ?? .null),
            ("rejection", verdict.rejection.map { .string($0.rawValue) } ?? .null),
            ("reason", .string(verdict.reason)),
        ])
    }
}
