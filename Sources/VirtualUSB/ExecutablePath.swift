import Foundation

/// Where a program is, as a shell finds it: a path with a slash as given, a bare name on
/// `PATH` (`/usr/bin:/bin` when unset).
public enum ExecutablePath {
    /// The executable file `program` names, or nil when there is none.
    public static func resolve(_ program: String) -> String? {
        if program.contains("/") {
            return FileManager.default.isExecutableFile(atPath: program) ? program : nil
        }
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":")
        return directories.map { "\($0)/\(program)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
