import ArgumentParser
import Foundation
import Rig
import TagEmulation

/// `--card FILE` and `--sim-card FILE`: the applications a card file lists
/// (`CardFileParser`), or a usage error naming the file, line and column.
enum CardFile {
    /// The applications of the card file at `card` (when given), then a loopback for each
    /// AID of `loopbacks`: what `emulate --card --loopback` and `apdu --sim-card
    /// --sim-loopback` present. `options` name the two options in errors.
    static func applications(
        card: String?, loopbacks: [String], options: (card: String, loopback: String)
    ) throws -> [ISO7816Application] {
        try (card.map { try load($0, option: options.card) } ?? [])
            + CommandLineValues.applicationIdentifiers(loopbacks, option: options.loopback).map {
                ISO7816Application(identifier: $0)
            }
    }

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
