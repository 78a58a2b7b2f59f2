import Foundation
import Rig

/// Which simulated chip does what in `sim usb`: the rig's chips (all simulated, in one field,
/// on the wall clock), the tags nfcrig emulates on the first emulator chips, and the chips
/// the command reaches on virtual USB, with their USB addresses.
struct SimUSBLayout: Sendable {
    /// The rig, every device `sim`, the clock `wall`.
    var file: RigFile
    var directory: URL
    /// nfcrig's tags: emulator index → tag, for the first `tags.count` emulators.
    var tags: [TagSetup]
    /// The exposed chips in address order: the reader (`nil`) and emulator indices.
    var exposed: [Int?]
    /// Whether nfcrig's reference reader reads from the reader chip.
    var read: Bool

    /// The first USB address; the rest follow in `exposed` order.
    static let firstAddress: UInt8 = 2

    /// The address of exposed chip number `position`.
    static func address(_ position: Int) -> UInt8 { firstAddress + UInt8(position) }

    /// The built-in rig: a reader chip and `emulators` emulator chips tag-a, tag-b, ...
    static func builtInRig(emulators: Int) -> RigFile {
        let ids = (0..<emulators).map { "tag-" + String(UnicodeScalar(UInt8(97 + $0))) }
        return RigFile(
            name: "sim-usb", description: "nfcrig sim usb's built-in rig", clock: .wall,
            emulators: ids.map { RigFile.Emulator(id: $0, device: .sim) },
            dut: .reference(device: .sim))
    }

    /// Lays out `file` for `tags`, `expose` and `read`.
    ///
    /// - Throws: `SimUSBLayoutError` when the rig cannot serve the request.
    init(
        file: RigFile, directory: URL, tags: [TagSetup], expose: SimUSBExposure, read: Bool
    ) throws(SimUSBLayoutError) {
        guard case .reference(let readerDevice) = file.dut else { throw .processDUT }
        guard readerDevice == .sim else {
            throw .notSimulated(id: "dut", device: "\(readerDevice)")
        }
        if let foreign = file.emulators.first(where: { $0.device != .sim }) {
            throw .notSimulated(id: foreign.id, device: "\(foreign.device)")
        }
        try self.init(checked: file, directory: directory, tags: tags, expose: expose, read: read)
    }

    private init(
        checked file: RigFile, directory: URL, tags: [TagSetup], expose: SimUSBExposure, read: Bool
    ) throws(SimUSBLayoutError) {
        var file = file
        file.clock = .wall
        guard tags.count <= file.emulators.count else {
            throw .tooManyTags(tags: tags.count, emulators: file.emulators.count)
        }
        switch expose {
        case .reader:
            if read { throw .readNeedsEmulatorExposure }
            exposed = [nil]
        case .emulator:
            let spare = Array(tags.count..<file.emulators.count)
            guard !spare.isEmpty else {
                throw .noSpareEmulator(tags: tags.count, emulators: file.emulators.count)
            }
            exposed = spare
        case .all:
            if read { throw .readNeedsEmulatorExposure }
            guard tags.isEmpty else { throw .tagsWithExposeAll }
            exposed = [nil] + Array(file.emulators.indices)
        }
        self.file = file
        self.directory = directory
        self.tags = tags
        self.read = read
    }
}

/// Why `sim usb` cannot lay out the rig it was given.
enum SimUSBLayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    case processDUT
    case notSimulated(id: String, device: String)
    case tooManyTags(tags: Int, emulators: Int)
    case noSpareEmulator(tags: Int, emulators: Int)
    case readNeedsEmulatorExposure
    case tagsWithExposeAll

    var description: String {
        switch self {
        case .processDUT:
            "sim usb needs the rig's reader chip: use a rig with dut: {adapter: reference, "
                + "device: sim}"
        case .notSimulated(let id, let device):
            "sim usb simulates every chip, but \(id) is \(device); use device: sim"
        case .tooManyTags(let tags, let emulators):
            "\(tags) tags for \(emulators) emulator chip(s): the rig needs one emulator per tag"
        case .noSpareEmulator(let tags, let emulators):
            "--expose emulator needs an emulator chip without a --tag4/--tag2, but all "
                + "\(emulators) carry one of the \(tags) tags"
        case .readNeedsEmulatorExposure:
            "--read has nfcrig's reader read a tag the command emulates: use it with "
                + "--expose emulator"
        case .tagsWithExposeAll:
            "--expose all gives every chip to the command, so nfcrig emulates no "
                + "--tag4/--tag2; use --expose reader"
        }
    }
}
