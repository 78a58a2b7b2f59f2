import Foundation

/// Writes lines to the standard streams; stdout carries results, stderr carries diagnostics.
enum FileHandleOutput {
    /// Writes one line to standard error.
    static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
