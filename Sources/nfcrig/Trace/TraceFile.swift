import ArgumentParser
import Foundation
import PacketTrace

/// A trace file read from disk, every way it can fail turned into a one-line usage error
/// that names the file: a trace is evidence someone hands over, and may be anything.
enum TraceFile {
    /// The capture in the file at `path`.
    ///
    /// - Throws: `ValidationError` (exit 2) naming `path` and what is wrong: no such file,
    ///   a directory, unreadable, empty, or the `PcapngReadError` with its byte offset.
    static func read(_ path: String) throws -> PcapngCapture {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ValidationError("\(path): no such file")
        }
        guard !isDirectory.boolValue else {
            throw ValidationError("\(path): a directory, not a trace file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("\(path): cannot read the file")
        }
        guard !data.isEmpty else {
            throw ValidationError("\(path): the file is empty, not a pcapng trace")
        }
        do {
            return try PcapngReader.read(Array(data))
        } catch {
            throw ValidationError("\(path): \(error)")
        }
    }
}
