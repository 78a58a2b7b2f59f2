/// Why a `report.json` could not be read, naming the file and, inside it, the JSON path
/// (`$.cases[2].measurements["readTime.1KiB"].p50`).
public enum ReportFileError: Error, Hashable, CustomStringConvertible {
    /// The file could not be read at all.
    case unreadable(file: String, reason: String)
    /// The bytes are not JSON.
    case malformedJSON(file: String, reason: String)
    /// `$.schema` is missing (`found` nil) or names another schema or version.
    case wrongSchema(file: String, found: String?)
    /// A required key is absent or `null`.
    case missingValue(file: String, path: String)
    /// A value has the wrong JSON type.
    case wrongType(file: String, path: String, expected: String)
    /// A value has the right type but is not allowed (unknown verdict, negative latency).
    case invalidValue(file: String, path: String, reason: String)

    /// The file as it was named.
    public var file: String {
        switch self {
        case .unreadable(let file, _), .malformedJSON(let file, _), .wrongSchema(let file, _),
            .missingValue(let file, _), .wrongType(let file, _, _),
            .invalidValue(let file, _, _):
            file
        }
    }

    /// The JSON path of the offending value, when there is one.
    public var path: String? {
        switch self {
        case .unreadable, .malformedJSON: nil
        case .wrongSchema: "$.schema"
        case .missingValue(_, let path), .wrongType(_, let path, _),
            .invalidValue(_, let path, _):
            path
        }
    }

    /// One line: file, path, problem.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot be read: \(reason)"
        case .malformedJSON(let file, let reason):
            "\(file): not valid JSON: \(reason)"
        case .wrongSchema(let file, nil):
            "\(file): $.schema: missing; not an nfcrig report "
                + "(expected \"\(Report.currentSchema)\")"
        case .wrongSchema(let file, let found?):
            "\(file): $.schema: \"\(found)\" is not "
                + Report.readableSchemas.map { "\"\($0)\"" }.joined(separator: " or ")
                + ", the schemas this nfcrig reads"
        case .missingValue(let file, let path):
            "\(file): \(path): missing"
        case .wrongType(let file, let path, let expected):
            "\(file): \(path): expected \(expected)"
        case .invalidValue(let file, let path, let reason):
            "\(file): \(path): \(reason)"
        }
    }
}
