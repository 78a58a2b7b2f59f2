import ArgumentParser
import Foundation
import Rig

/// `--rig FILE`: the rig file a verb runs on, parsed strictly.
struct RigOptions: ParsableArguments {
    @Option(help: "The rig file (YAML; see docs/rig-files.md).")
    var rig: String

    /// The parsed rig, or a usage error naming the file, line and column.
    func load() throws -> LoadedRig { try Self.load(rig) }

    /// The rig file at `rig`, parsed; for a verb whose `--rig` has a default.
    static func load(_ rig: String) throws -> LoadedRig {
        guard let data = FileManager.default.contents(atPath: rig) else {
            throw ValidationError("--rig \(rig): cannot read the file")
        }
        let text = String(decoding: data, as: UTF8.self)
        let parser = RigFileParser(fileName: rig)
        do {
            return LoadedRig(
                file: try parser.parse(text), text: text, parser: parser,
                directory: URL(fileURLWithPath: rig).deletingLastPathComponent())
        } catch {
            throw ValidationError(error.description)
        }
    }
}

/// A parsed rig file with its text, so that a verb's refusals can point into it.
struct LoadedRig: Sendable {
    var file: RigFile
    var text: String
    var parser: RigFileParser
    var directory: URL

    /// A usage error placed at `path` in the file (see `RigFileParser.error(at:in:_:)`).
    func refusal(at path: [String], _ message: String) -> ValidationError {
        ValidationError(parser.error(at: path, in: text, message).description)
    }

    /// The reference reader's chip spec, or a usage error at `dut` naming `verb`.
    func requireReferenceReader(for verb: String) throws {
        guard case .reference = file.dut else {
            throw refusal(
                at: ["dut", "adapter"],
                "\(verb) drives nfcrig's reference reader, but the DUT is a process; "
                    + "use a rig with dut: {adapter: reference, device: ...}")
        }
    }

    /// The index of the emulator `id` (the first when nil), or a usage error listing the ids.
    func emulatorIndex(_ id: String?) throws -> Int {
        guard let id else { return 0 }
        guard let index = file.emulators.firstIndex(where: { $0.id == id }) else {
            throw refusal(
                at: ["emulators"],
                "--emulator \(id): no such emulator; the rig has "
                    + file.emulators.map(\.id).joined(separator: ", "))
        }
        return index
    }

    /// A usage error at the first emulator that is not simulated, for `option`, which puts a
    /// simulated tag in the field; none when every emulator is simulated.
    func requireSimulatedEmulators(for option: String) throws {
        guard let usb = file.emulators.firstIndex(where: { !$0.device.isSimulated }) else {
            return
        }
        let emulator = file.emulators[usb]
        throw refusal(
            at: ["emulators", String(usb), "device"],
            "\(option) needs simulated emulator chips, but emulator \(emulator.id) is "
                + "\(emulator.device); put a real tag on the reader instead")
    }

    /// Whether every emulator chip is simulated (nothing outside nfcrig can be in the field).
    var emulatorsAreSimulated: Bool { file.emulators.allSatisfy { $0.device.isSimulated } }
}
