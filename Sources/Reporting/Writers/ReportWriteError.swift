/// Why a run's report folder could not be written.
public enum ReportWriteError: Error, Hashable, CustomStringConvertible {
    /// The run ID cannot name a folder under `Reports/` (empty, `.`, `..`, `latest`, or
    /// containing `/` or NUL).
    case invalidRunID(String)
    /// A folder could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// A report file could not be written.
    case cannotWriteFile(path: String, reason: String)
    /// `latest` could not be pointed at the new run.
    case cannotLinkLatest(path: String, reason: String)
    /// A case's trace could not be made into a pcapng file (the reports were written).
    case cannotWriteTrace(caseID: String, reason: String)

    /// One line naming the path and the cause.
    public var description: String {
        switch self {
        case .invalidRunID(let id):
            "run ID \"\(id)\" cannot name a report folder"
        case .cannotCreateDirectory(let path, let reason):
            "\(path): cannot create the folder: \(reason)"
        case .cannotWriteFile(let path, let reason):
            "\(path): cannot write: \(reason)"
        case .cannotLinkLatest(let path, let reason):
            "\(path): cannot point it at the new run: \(reason)"
        case .cannotWriteTrace(let caseID, let reason):
            "case \(caseID): its trace cannot be written: \(reason)"
        }
    }
}
