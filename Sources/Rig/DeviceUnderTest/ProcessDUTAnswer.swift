import Foundation

/// One line from a DUT process, decoded with `Codable` into the exact types of its fields
/// (`DUTAnswerBody`): every wrong type or value is a protocol violation that quotes the line
/// and names the field (`"capacity" must be a whole number ≥ 0`, `"tags[1].uid" is
/// missing`).
struct ProcessDUTAnswer {
    let line: String
    private let data: Data

    /// The error names the cases judge by: nfcrig's names for CoreNFC's `NFCReaderError`
    /// codes (`NFCReaderError.name`) and the protocol's own.
    static let readerErrors: Set<String> = [
        "tagNotWritable", "tagSizeTooSmall", "zeroLengthMessage", "tagConnectionLost",
        "tagResponseError", "tagUpdateFailure", "invalidParameter",
        "readerSessionInvalidationErrorSessionTimeout",
        "readerSessionInvalidationErrorUserCanceled", "readerErrorUnsupportedFeature",
        "multipleTags", "noTag", "unsupported", "tagNotConnected", "retryExceeded",
        "ndefNotSupported", "invalidMessage", "systemIsBusy", "sessionTerminatedUnexpectedly",
        "readerErrorSecurityViolation", "readerTransceiveErrorPacketTooLong",
        "readerTransceiveErrorSessionInvalidated", "readerSessionInvalidationErrorFirstNDEFTagRead",
    ]

    /// The other spelling of each error a DUT may answer with, and the name above it stands
    /// for: CoreNFC's full `NFCReaderError.Code` names, and the short forms of those the
    /// cases name in full, so that a DUT need not know which spelling a case wants.
    static let readerErrorAliases: [String: String] = [
        "readerTransceiveErrorTagConnectionLost": "tagConnectionLost",
        "readerTransceiveErrorRetryExceeded": "retryExceeded",
        "readerTransceiveErrorTagResponseError": "tagResponseError",
        "readerTransceiveErrorTagNotConnected": "tagNotConnected",
        "ndefReaderSessionErrorTagNotWritable": "tagNotWritable",
        "ndefReaderSessionErrorTagSizeTooSmall": "tagSizeTooSmall",
        "ndefReaderSessionErrorTagUpdateFailure": "tagUpdateFailure",
        "ndefReaderSessionErrorZeroLengthMessage": "zeroLengthMessage",
        "readerErrorInvalidParameter": "invalidParameter",
        "readerSessionInvalidationErrorSystemIsBusy": "systemIsBusy",
        "readerSessionInvalidationErrorSessionTerminatedUnexpectedly":
            "sessionTerminatedUnexpectedly",
        "securityViolation": "readerErrorSecurityViolation",
        "packetTooLong": "readerTransceiveErrorPacketTooLong",
        "sessionInvalidated": "readerTransceiveErrorSessionInvalidated",
        "firstNDEFTagRead": "readerSessionInvalidationErrorFirstNDEFTagRead",
        "sessionTimeout": "readerSessionInvalidationErrorSessionTimeout",
        "userCanceled": "readerSessionInvalidationErrorUserCanceled",
    ]

    /// `line`, to be decoded field by field.
    init(line: String) {
        self.line = line
        data = Data(line.utf8)
    }

    /// The line read as `Body`.
    ///
    /// - Throws: `DUTError.protocolViolation` quoting the line, the reason naming the field.
    func decode<Body: Decodable>(_ body: Body.Type) throws(DUTError) -> Body {
        do {
            return try JSONDecoder().decode(Body.self, from: data)
        } catch let error as DecodingError {
            throw .protocolViolation(line: line, reason: Self.reason(for: error))
        } catch {
            throw .protocolViolation(line: line, reason: "\(error)")
        }
    }

    /// Throws the DUT's own error when `ok` is false.
    func requireSuccess() throws(DUTError) {
        if try decode(DUTAnswerBody.Outcome.self).ok { return }
        let failure = try decode(DUTAnswerBody.Failure.self)
        if failure.error.name == "unsupported" {
            throw .unsupported(operation: failure.message ?? "")
        }
        throw .reader(name: failure.error.name, message: failure.message ?? "")
    }

    /// What a decoding error says about the line, the field named by its path.
    static func reason(for error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context):
            guard !context.codingPath.isEmpty else { return "not a JSON object" }
            return "\(field(context.codingPath)) must be \(describe(type))"
        case .valueNotFound(let type, let context):
            return "\(field(context.codingPath)) must be \(describe(type)), not null"
        case .keyNotFound(let key, let context):
            return "\(field(context.codingPath + [key])) is missing"
        case .dataCorrupted(let context):
            // Foundation's own refusals come at the root: the line is no JSON at all.
            guard !context.codingPath.isEmpty else { return "not a JSON object" }
            return "\(field(context.codingPath)) \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// A field's path as the reason names it, quoted: `"ok"`, `"records[0].payloadHex"`.
    static func field(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return "\"\(text)\""
    }

    /// What a field of `type` must hold, in the protocol's words.
    private static func describe(_ type: Any.Type) -> String {
        if type == Bool.self { return "true or false" }
        if type == String.self { return "a string" }
        let name = String(describing: type)
        if name.hasPrefix("Array") { return "a list" }
        if name.hasPrefix("Dictionary") { return "an object" }
        return "a \(name)"
    }
}
