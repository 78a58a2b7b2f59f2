import ArgumentParser
import Foundation
import Rig
import TagEmulation

/// `--card FILE` and `--sim-card FILE`: the applications a card file lists
/// (`CardFileParser`), or a usage error naming the file, line and column.
enum CardFile {
    static func load(_ path: String, option: String) throws -> [ISO7816Application] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("\(option) \(path): cannot read the file")
        }
        do {
            return try CardFileParser(fileName: path).parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw ValidationError(error.description)
        }
    }
}
