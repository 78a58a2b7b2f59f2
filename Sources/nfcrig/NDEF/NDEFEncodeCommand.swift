import ArgumentParser
import Foundation
import HexText
import NDEF

/// `nfcrig ndef encode`: builds a message from record options, in the order given.
struct NDEFEncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode an NDEF message from records given in order.",
        discussion: """
            Record options, repeatable and kept in the order given:
              --uri U                       a URI record (longest prefix code chosen)
              --text T [--lang L]           a Text record, UTF-8, language L (default en)
              --mime TYPE=FILE              a media record with FILE's bytes
              --external DOMAIN:NAME=FILE   an external record with FILE's bytes
            Prints hex on standard output, or writes the raw bytes to -o FILE.

            \(CLIManual.examplesHeading)
              nfcrig ndef encode --uri https://example.com --text "Hello, reader" --lang en
              nfcrig ndef encode --mime application/json=Rigs/samples/payloads/order.json --chunk-size 16 \\
                -o message.bin
            """
    )

    @Option(help: "Split payloads longer than N bytes into chunks (0: no chunking).")
    var chunkSize: Int = 0

    @Option(name: .short, help: "Write the raw message to FILE instead of hex to stdout.")
    var output: String?

    @Argument(
        parsing: .allUnrecognized,
        help: .init("Record options (see above).", valueName: "record-options"))
    var recordOptions: [String] = []

    func validate() throws {
        guard chunkSize >= 0 else { throw ValidationError("--chunk-size must be 0 or more") }
        _ = try NDEFRecordSpec.parse(recordOptions)
    }

    func run() throws {
        let specs = try NDEFRecordSpec.parse(recordOptions)
        var records: [NDEFRecord] = []
        for spec in specs { records.append(try spec.record()) }
        let encoded: [UInt8]
        do {
            encoded = try NDEFEncoder(chunkSize: chunkSize).encode(NDEFMessage(records: records))
        } catch {
            throw ValidationError("cannot encode: \(error)")
        }
        if let output {
            do {
                try Data(encoded).write(to: URL(fileURLWithPath: output))
            } catch {
                throw ValidationError("-o \(output): cannot write: \(error.localizedDescription)")
            }
        } else {
            print(Hex.encode(encoded))
        }
    }
}

/// One record option of `ndef encode`, with the argument position for error messages.
enum NDEFRecordSpec: Equatable {
    case uri(String, argument: Int)
    case text(String, language: String, argument: Int)
    case mime(type: String, file: String, argument: Int)
    case external(type: String, file: String, argument: Int)

    /// Reads the options in order; `--opt value` and `--opt=value` both work.
    static func parse(_ arguments: [String]) throws -> [NDEFRecordSpec] {
        var specs: [NDEFRecordSpec] = []
        var position = 0
        while position < arguments.count {
            let argument = arguments[position]
            let name: String
            let value: String
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
                position += 1
            } else {
                name = argument
                guard position + 1 < arguments.count else {
                    throw ValidationError(
                        "record option \(position + 1) (\(argument)) needs a value")
                }
                value = arguments[position + 1]
                position += 2
            }
            let number = specs.count + 1
            switch name {
            case "--uri":
                specs.append(.uri(value, argument: number))
            case "--text":
                specs.append(.text(value, language: "en", argument: number))
            case "--lang":
                guard case .text(let text, _, let at)? = specs.last else {
                    throw ValidationError("--lang \(value): must follow a --text")
                }
                specs[specs.count - 1] = .text(text, language: value, argument: at)
            case "--mime", "--external":
                guard let equals = value.lastIndex(of: "="), equals != value.startIndex else {
                    throw ValidationError("\(name) \(value): expected TYPE=FILE")
                }
                let type = String(value[..<equals])
                let file = String(value[value.index(after: equals)...])
                specs.append(
                    name == "--mime"
                        ? .mime(type: type, file: file, argument: number)
                        : .external(type: type, file: file, argument: number))
            default:
                throw ValidationError(
                    "unknown record option \(String(reflecting: argument)); "
                        + "expected --uri, --text, --lang, --mime or --external")
            }
        }
        if specs.isEmpty {
            throw ValidationError("give at least one record: --uri, --text, --mime or --external")
        }
        return specs
    }

    /// Builds the record, reading files; errors name the record option.
    func record() throws -> NDEFRecord {
        switch self {
        case .uri(let uri, let argument):
            guard !uri.isEmpty else { throw ValidationError("record \(argument): --uri is empty") }
            return URIRecord(uri: uri).record
        case .text(let text, let language, let argument):
            do {
                return try TextRecord(text: text, language: language).record()
            } catch {
                throw ValidationError("record \(argument) (--text): \(error.message)")
            }
        case .mime(let type, let file, let argument):
            let mime = MIMERecord(mediaType: type, payload: try Self.read(file, argument: argument))
            do {
                _ = try MIMERecord(mime.record)
            } catch {
                throw ValidationError("record \(argument) (--mime \(type)): \(error.message)")
            }
            return mime.record
        case .external(let type, let file, let argument):
            do {
                let external = try ExternalType(type)
                return ExternalRecord(
                    type: external, payload: try Self.read(file, argument: argument)
                ).record
            } catch let error as RTDError {
                throw ValidationError("record \(argument) (--external \(type)): \(error.message)")
            }
        }
    }

    private static func read(_ file: String, argument: Int) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ValidationError("record \(argument): cannot read \(file)")
        }
        return Array(data)
    }
}
