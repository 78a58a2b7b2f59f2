import Rig
import TagEmulation
import TagFormat

/// The card-file parser (Sources/Rig/Tags/CardFileParser, through the rig file's YAML
/// helpers) on any UTF-8 text; other bytes are no card file and are skipped.
///
/// Properties: a rejected file gets a `RigFileError` naming the file and a place in it, as a
/// rig file's does; an accepted one holds at least one application, no AID twice, each of
/// 5 to 16 bytes.
public enum CardFileTarget: FuzzTarget {
    public static let name = "card-file"

    public static func check(_ input: [UInt8]) throws(PropertyFailure) {
        guard let text = String(validating: input, as: UTF8.self) else { return }
        let parser = CardFileParser(fileName: "fuzz-card.yaml")
        let applications: [ISO7816Application]
        do {
            applications = try parser.parse(text)
        } catch {
            return try PropertyFailure.requirePlace(
                of: error, in: text, byteCount: input.count, fileName: parser.fileName)
        }
        let identifiers = applications.map(\.identifier)
        try PropertyFailure.require(
            !identifiers.isEmpty, "an accepted card file holds an application", text)
        try PropertyFailure.require(
            Set(identifiers).count == identifiers.count, "no AID appears twice", "\(identifiers)")
        try PropertyFailure.require(
            identifiers.allSatisfy { ApplicationIdentifier.lengths.contains($0.bytes.count) },
            "every AID has 5 to 16 bytes", "\(identifiers)")
    }
}
