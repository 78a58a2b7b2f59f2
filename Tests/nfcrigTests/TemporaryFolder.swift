import Foundation

/// A fresh folder under the system's temporary directory, removed with its contents when the
/// last reference goes: the command-line tests write reports and rig files by the hundred,
/// and a test run must not leave them behind.
final class TemporaryFolder: Sendable {
    /// The folder; created when this is.
    let url: URL

    /// Creates `<tmp>/<prefix>-<UUID>`.
    init(prefix: String) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
