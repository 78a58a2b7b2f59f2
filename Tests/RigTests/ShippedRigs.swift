import Foundation

@testable import Rig

/// The rig files the repository ships in `Rigs/`, found from this file's place in it.
enum ShippedRigs {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Rigs")

    /// `Rigs/<name>` parsed.
    static func parse(_ name: String) throws -> RigFile {
        try RigFileParser(fileName: name).parse(
            String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
    }
}
