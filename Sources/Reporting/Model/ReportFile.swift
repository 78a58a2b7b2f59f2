import Foundation

/// Finding and reading a run's `report.json` on disk.
public enum ReportFile {
    /// The report file's name inside a run directory.
    public static let name = "report.json"

    /// The file to read for a path naming either a report file or a run directory (such as
    /// `Reports/latest`).
    public static func location(of path: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return path }
        return URL(fileURLWithPath: path).appendingPathComponent(name).path
    }

    /// Reads and checks the report at a path (a file or a run directory).
    ///
    /// - Throws: ``ReportFileError`` naming the file as resolved.
    public static func load(_ path: String) throws(ReportFileError) -> Report {
        let file = location(of: path)
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw .unreadable(file: file, reason: reason(for: error, file: file))
        }
        return try ReportJSON.decode(data, file: file)
    }

    private static func reason(for error: any Error, file: String) -> String {
        if !FileManager.default.fileExists(atPath: file) { return "no such file" }
        return (error as NSError).localizedDescription
    }
}
