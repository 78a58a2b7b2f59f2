import ArgumentParser
import Foundation
import HexText
import NDEF

/// Where a message comes from: a hex argument, a file (hex text or raw bytes) or stdin.
struct NDEFInputOptions: ParsableArguments {
    @Argument(help: "The message as hex digits, or - to read it from standard input.")
    var hex: String?

    @Option(name: .long, help: "Read the message from a file: hex text or raw bytes.")
    var file: String?

    func validate() throws {
        if hex == nil && file == nil {
            throw ValidationError("give the message as HEX, --file F, or - for standard input")
        }
        if hex != nil && file != nil {
            throw ValidationError("give either HEX or --file, not both")
        }
    }

    /// The bytes and the name to use in error messages.
    func load() throws -> (name: String, bytes: [UInt8]) {
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ValidationError("\(file): cannot read the file")
            }
            return (file, try Self.bytes(fromFileContent: Array(data), name: file))
        }
        let text = hex ?? ""
        if text == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return ("standard input", try Self.bytes(fromFileContent: Array(data), name: "stdin"))
        }
        do {
            return ("the HEX argument", try Hex.decode(text))
        } catch {
            throw ValidationError("the HEX argument: \(error)")
        }
    }

    /// A file holding only hex digits and separators is hex text; anything else is the raw
    /// message. A valid raw message opens with MB set (0x80 and up), never a hex digit.
    static func bytes(fromFileContent content: [UInt8], name: String) throws -> [UInt8] {
        let isText = content.allSatisfy { byte in
            byte < 0x80
                && (Character(Unicode.Scalar(byte)).isHexDigit || byte == 0x20
                    || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == UInt8(ascii: ":")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "x"))
        }
        guard isText, !content.isEmpty else { return content }
        do {
            return try Hex.decode(String(decoding: content, as: UTF8.self))
        } catch {
            throw ValidationError("\(name): \(error)")
        }
    }
}
