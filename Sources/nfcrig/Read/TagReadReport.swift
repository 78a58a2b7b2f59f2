import HexText
import NDEF
import PN533
import TagReader

/// How `read` shows a `TagReadOutcome`: text or the JSON of `ndef decode --json` with the
/// tag's `type`, `uid`, `status` and `capacity` in front (docs/reports.md).
struct TagReadReport {
    var outcome: TagReadOutcome

    /// The alert of Apple's sample app "Building an NFC Tag-Reader App" for several tags in
    /// the field, word for word.
    static let multipleTagsMessage =
        "More than 1 tag is detected, please remove all tags and try again."

    /// 0 when a tag was read (a tag without NDEF too: its status says so), 1 otherwise.
    var exitStatus: Int32 {
        guard case .tag(let result) = outcome, result.error == nil else { return 1 }
        return 0
    }

    /// What goes to standard output.
    func text() -> [String] {
        guard case .tag(let result) = outcome else { return [] }
        var lines = ["tag: \(Self.typeName(result.tag)), UID \(Hex.encode(result.tag.identifier))"]
        if let status = result.status, let capacity = result.capacity {
            lines.append("NDEF: \(status.rawValue), capacity \(capacity) bytes")
        }
        if let message = result.message {
            let count = message.records.count
            lines.append("message: \(count) record\(count == 1 ? "" : "s")")
            for (index, record) in message.records.enumerated() {
                lines += NDEFRecordText.lines(record, index: index)
            }
        }
        return lines
    }

    /// What goes to standard error: why nothing (more) was read, or nil.
    func failure() -> String? {
        switch outcome {
        case .tag(let result): result.error.map { "read failed: \(Self.errorText($0))" }
        case .multipleTags(let count): "\(Self.multipleTagsMessage) (\(count) tags)"
        case .noTag(let timeout): "no tag within \(Self.seconds(timeout))"
        case .pollFailed(let error): "polling failed: \(Self.errorText(error))"
        }
    }

    /// One line, for `emulate`'s read-back on a virtual-clock rig.
    func summary() -> String {
        guard case .tag(let result) = outcome else { return failure() ?? "" }
        var parts = ["\(Self.typeName(result.tag)) \(Hex.encode(result.tag.identifier))"]
        if let status = result.status, let capacity = result.capacity {
            parts.append("\(status.rawValue), capacity \(capacity)")
        }
        if let message = result.message {
            parts.append("\(message.records.count) record(s)")
        }
        if let error = result.error { parts.append("error \(Self.errorText(error))") }
        return parts.joined(separator: ", ")
    }

    /// One JSON object on one line.
    func json() -> String {
        switch outcome {
        case .tag(let result):
            var members: [(String, JSONValue)] = [
                ("type", .string(result.tag.type.rawValue)),
                ("uid", .string(Hex.encode(result.tag.identifier))),
                ("status", result.status.map { .string($0.rawValue) } ?? .null),
                ("capacity", result.capacity.map { .int($0) } ?? .null),
                ("records", .array((result.message?.records ?? []).map(NDEFRecordJSON.record))),
            ]
            if let error = result.error { members.append(("error", Self.errorJSON(error))) }
            return JSONValue.object(members).serialized()
        case .multipleTags(let count):
            return Self.failureJSON(
                name: "multipleTags", message: Self.multipleTagsMessage,
                extra: [("count", .int(count))]
            )
        case .noTag(let timeout):
            return Self.failureJSON(
                name: "noTag", message: "no tag within \(Self.seconds(timeout))", extra: [])
        case .pollFailed(let error):
            return JSONValue.object([("error", Self.errorJSON(error))]).serialized()
        }
    }

    private static func failureJSON(
        name: String, message: String, extra: [(String, JSONValue)]
    ) -> String {
        JSONValue.object([
            (
                "error",
                .object(
                    [
                        ("name", .string(name)), ("coreNFC", .null), ("code", .null),
                        ("message", .string(message)),
                    ] + extra)
            )
        ]).serialized()
    }

    /// `{"name","coreNFC","code","message"}`: the DUT protocol's name, CoreNFC's code name
    /// and value (null where CoreNFC has none), the explanation.
    static func errorJSON(_ error: NFCReaderError) -> JSONValue {
        .object([
            ("name", .string(error.name)),
            ("coreNFC", error.coreNFCCode.map { .string($0.name) } ?? .null),
            ("code", error.coreNFCCode.map { .int($0.value) } ?? .null),
            ("message", .string(error.message)),
        ])
    }

    /// `ndefReaderSessionErrorZeroLengthMessage (403): zero-length NDEF message`.
    static func errorText(_ error: NFCReaderError) -> String {
        guard let code = error.coreNFCCode else { return "\(error.name): \(error.message)" }
        return "\(code.name) (\(code.value)): \(error.message)"
    }

    /// "Type 4", "Type 2", or the SENS_RES and SEL_RES of a card the reader cannot read.
    static func typeName(_ tag: NFCTag) -> String {
        switch tag.type {
        case .type4: "Type 4"
        case .type2: "Type 2"
        case .unsupported:
            "unsupported (SENS_RES \(Hex.encode(tag.target.sensRes)), "
                + "SEL_RES \(Hex.encode([tag.target.selRes])))"
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds != 0 else { return "\(seconds)s" }
        return "\(Double(seconds) + Double(attoseconds) / 1e18)s"
    }
}
