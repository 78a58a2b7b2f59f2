import Foundation

/// Writes lines to standard output unbuffered: `emulate` prints a tag's events while it runs,
/// and `print` would hold them in stdio's buffer while stdout is a pipe.
enum StandardOutput {
    /// Writes `lines`, each ended by a newline, in one write.
    static func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }
}
