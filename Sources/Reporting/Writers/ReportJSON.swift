import Foundation

/// `report.json`: writing a ``Report`` and reading one back with errors that say where.
public enum ReportJSON {
    /// The report as pretty-printed JSON with sorted keys and a final newline.
    public static func encode(_ report: Report) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Every member is a string, number, date or container of them: encoding cannot fail.
        var data = try! encoder.encode(report)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Reads a report.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: The file's name as the user gave it, for error messages.
    /// - Throws: ``ReportFileError`` naming `file` and the JSON path of the first problem;
    ///   `wrongSchema` before anything else when `$.schema` is not ``Report/currentSchema``.
    public static func decode(_ data: Data, file: String) throws(ReportFileError) -> Report {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            // The schema first: a wrong-version file would otherwise fail on some later key
            // with a message that hides the real cause.
            let probe = try decoder.decode(SchemaProbe.self, from: data)
            guard let schema = probe.schema, Report.readableSchemas.contains(schema) else {
                throw ReportFileError.wrongSchema(file: file, found: probe.schema)
            }
            return try decoder.decode(Report.self, from: data)
        } catch let error as ReportFileError {
            throw error
        } catch let error as DecodingError {
            throw describe(error, file: file)
        } catch {
            throw .malformedJSON(file: file, reason: "\(error)")
        }
    }

    private struct SchemaProbe: Decodable {
        var schema: String?

        private enum CodingKeys: String, CodingKey { case schema }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // A non-string schema is as foreign as a missing one.
            schema = try? container.decodeIfPresent(String.self, forKey: .schema)
        }
    }

    private static func describe(_ error: DecodingError, file: String) -> ReportFileError {
        switch error {
        case .keyNotFound(let key, let context):
            return .missingValue(file: file, path: JSONPath.render(context.codingPath + [key]))
        case .valueNotFound(_, let context):
            return .missingValue(file: file, path: JSONPath.render(context.codingPath))
        case .typeMismatch(let type, let context):
            return .wrongType(
                file: file, path: JSONPath.render(context.codingPath),
                expected: jsonTypeName(type))
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let reason = (context.underlyingError.map { "\($0)" }) ?? context.debugDescription
            return .malformedJSON(file: file, reason: reason)
        case .dataCorrupted(let context):
            return .invalidValue(
                file: file, path: JSONPath.render(context.codingPath),
                reason: context.debugDescription)
        @unknown default:
            return .malformedJSON(file: file, reason: "\(error)")
        }
    }

    private static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
