import Foundation
import HexText
import NDEF

/// One line from a DUT process, parsed and checked field by field: every wrong type or
/// value is a protocol violation that quotes the line.
struct ProcessDUTAnswer {
    let line: String
    let fields: [String: Any]

    /// The error names a DUT may answer with: CoreNFC's `NFCReaderError` codes.
    static let readerErrors: Set<String> = [
        "tagNotWritable", "tagSizeTooSmall", "zeroLengthMessage", "tagConnectionLost",
        "tagResponseError", "tagUpdateFailure", "invalidParameter",
        "readerTransceiveErrorTagNotConnected",
        "readerTransceiveErrorTagResponseError", "readerSessionInvalidationErrorSessionTimeout",
        "readerSessionInvalidationErrorUserCanceled", "readerErrorUnsupportedFeature",
        "ndefReaderSessionErrorTagNotWritable", "ndefReaderSessionErrorTagSizeTooSmall",
        "ndefReaderSessionErrorZeroLengthMessage", "ndefReaderSessionErrorTagUpdateFailure",
        "multipleTags", "noTag", "unsupported", "tagNotConnected", "retryExceeded",
        "ndefNotSupported", "invalidMessage", "systemIsBusy", "sessionTerminatedUnexpectedly",
        "readerErrorSecurityViolation", "readerTransceiveErrorPacketTooLong",
    ]

    init(line: String) throws(DUTError) {
        self.line = line
        guard let data = line.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data),
            let fields = object as? [String: Any]
        else {
            throw .protocolViolation(line: line, reason: "not a JSON object")
        }
        self.fields = fields
    }

    init(fields: [String: Any], line: String) {
        self.fields = fields
        self.line = line
    }

    var id: Int? { (fields["id"] as? NSNumber).map(\.intValue) }

    var event: String? { fields["event"] as? String }

    /// Throws the DUT's own error when `ok` is false; checks `ok` is a boolean.
    func requireSuccess() throws(DUTError) {
        guard let ok = fields["ok"] as? Bool, isJSONBoolean(fields["ok"]) else {
            throw .protocolViolation(line: line, reason: "\"ok\" must be true or false")
        }
        if ok { return }
        let name = try string("error")
        guard Self.readerErrors.contains(name) else {
            throw .protocolViolation(line: line, reason: "unknown error name \"\(name)\"")
        }
        if name == "unsupported" { throw .unsupported(operation: optionalText("message") ?? "") }
        throw .reader(name: name, message: optionalText("message") ?? "")
    }

    func string(_ key: String) throws(DUTError) -> String {
        guard let value = fields[key] as? String else {
            throw .protocolViolation(line: line, reason: "\"\(key)\" must be a string")
        }
        return value
    }

    func optionalString(_ key: String) throws(DUTError) -> String? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        guard let text = value as? String else {
            throw .protocolViolation(line: line, reason: "\"\(key)\" must be a string or null")
        }
        return text
    }

    private func optionalText(_ key: String) -> String? { fields[key] as? String }

    func integer(_ key: String) throws(DUTError) -> Int {
        guard let number = fields[key] as? NSNumber, !isJSONBoolean(number),
            number.doubleValue == Double(number.intValue), number.intValue >= 0
        else {
            throw .protocolViolation(line: line, reason: "\"\(key)\" must be a whole number ≥ 0")
        }
        return number.intValue
    }

    func optionalInteger(_ key: String) throws(DUTError) -> Int? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        return try integer(key)
    }

    func array(_ key: String) throws(DUTError) -> [[String: Any]] {
        guard let items = fields[key] as? [Any], let objects = items as? [[String: Any]] else {
            throw .protocolViolation(line: line, reason: "\"\(key)\" must be a list of objects")
        }
        return objects
    }

    func optionalHex(_ key: String) throws(DUTError) -> [UInt8]? {
        guard let text = try optionalString(key) else { return nil }
        return try hex(text, named: "\"\(key)\"")
    }

    /// Hex digits, two per byte, nothing between them; `name` says where, for the error.
    private func hex(_ text: String, named name: String) throws(DUTError) -> [UInt8] {
        do {
            return try Hex.decodeDigits(text)
        } catch {
            throw .protocolViolation(line: line, reason: "\(name): \(error)")
        }
    }

    /// The TNF names a record may carry, as `nfcrig ndef decode --json` writes them.
    static let recordTNFs: [String: TypeNameFormat] = Dictionary(
        uniqueKeysWithValues: TypeNameFormat.allCases.filter { $0 != .reserved }.map {
            ($0.name, $0)
        })

    /// `records`: absent or null, or a list of `{"tnf", "typeHex", "idHex", "payloadHex"}`.
    func optionalRecords(_ key: String) throws(DUTError) -> [NDEFRecord]? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        let items = try array(key)
        var records: [NDEFRecord] = []
        for (index, item) in items.enumerated() {
            let place = "\(key)[\(index)]"
            guard let name = item["tnf"] as? String else {
                throw .protocolViolation(line: line, reason: "\(place).tnf must be a string")
            }
            guard let tnf = Self.recordTNFs[name] else {
                throw .protocolViolation(
                    line: line,
                    reason: "\(place).tnf \"\(name)\" is not one of "
                        + Self.recordTNFs.values.sorted { $0.rawValue < $1.rawValue }.map(\.name)
                        .joined(separator: ", "))
            }
            var fields: [[UInt8]] = []
            for field in ["typeHex", "idHex", "payloadHex"] {
                guard let text = item[field] as? String else {
                    throw .protocolViolation(
                        line: line, reason: "\(place).\(field) must be a string of hex digits")
                }
                fields.append(try hex(text, named: "\(place).\(field)"))
            }
            records.append(
                NDEFRecord(
                    typeNameFormat: tnf, type: fields[0], identifier: fields[1], payload: fields[2])
            )
        }
        return records
    }
}

/// JSONSerialization gives booleans as NSNumber (objCType "c"); tells them apart from 0 and 1.
private func isJSONBoolean(_ value: Any?) -> Bool {
    guard let number = value as? NSNumber else { return false }
    return String(cString: number.objCType) == "c"
}
