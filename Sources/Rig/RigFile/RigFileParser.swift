import PN533USB
import Yams

/// Reads a rig file strictly: unknown keys, wrong types, missing entries and impossible
/// combinations are errors naming the file, line and column.
public struct RigFileParser: Sendable {
    /// The name used in error messages.
    public var fileName: String

    /// Creates a parser for the file named `fileName`.
    public init(fileName: String) { self.fileName = fileName }

    /// Parses YAML text into a rig.
    public func parse(_ text: String) throws(RigFileError) -> RigFile {
        let top = try mapping(try compose(text), what: "the rig file", keys: Self.topKeys)
        let name = try string(top.required("name"), what: "name")
        let clockText =
            try top.optional("clock").map { (node) throws(RigFileError) in
                try string(node, what: "clock")
            } ?? "virtual"
        guard let clock = RigFile.ClockMode(rawValue: clockText) else {
            throw error(
                at: top.optional("clock"), "clock must be virtual or wall, not \"\(clockText)\"")
        }
        let profileText =
            try top.optional("profile").map { (node) throws(RigFileError) in
                try string(node, what: "profile")
            } ?? ReaderProfile.nfcForum.rawValue
        guard let profile = ReaderProfile(rawValue: profileText) else {
            throw error(
                at: top.optional("profile"), Self.profileChoice(profileText))
        }
        let emulatorsNode = try top.required("emulators")
        let emulators = try sequence(emulatorsNode, what: "emulators").map {
            (node) throws(RigFileError) in try emulator(node)
        }
        guard !emulators.isEmpty else {
            throw error(at: emulatorsNode, "emulators must list at least one chip")
        }
        var seen: Set<String> = []
        for (node, emulator) in zip(try sequence(emulatorsNode, what: "emulators"), emulators)
        where !seen.insert(emulator.id).inserted {
            throw error(at: node, "emulator id \"\(emulator.id)\" is used twice")
        }
        let dutNode = try top.required("dut")
        let dut = try deviceUnderTest(dutNode)
        let repeatCount =
            try top.optional("repeat").map { (node) throws(RigFileError) in
                try integer(node, what: "repeat", in: 1...10_000)
            } ?? 1
        var suites: [RigFile.Located<String>] = []
        var suiteProfiles: [String: ReaderProfile] = [:]
        for item in try top.optional("suites").map({ node throws(RigFileError) in
            try sequence(node, what: "suites")
        }) ?? [] {
            let (suite, suiteProfile) = try suiteEntry(item)
            guard !suites.contains(where: { $0.value == suite }) else {
                throw error(at: item, "suite \"\(suite)\" is named twice")
            }
            suites.append(RigFile.Located(suite, line: line(item), column: column(item)))
            suiteProfiles[suite] = suiteProfile
        }
        let rig = RigFile(
            name: name,
            description: try top.optional("description").map { (node) throws(RigFileError) in
                try string(node, what: "description")
            },
            clock: clock, emulators: emulators, dut: dut,
            tolerances: try top.optional("tolerances").map { (node) throws(RigFileError) in
                try tolerances(node)
            } ?? RigFile.Tolerances(),
            repeatCount: repeatCount, suites: suites, profile: profile,
            suiteProfiles: suiteProfiles)
        try checkVirtualUSB(rig, emulatorsNode: emulatorsNode, dutNode: dutNode)
        try checkClock(rig, top: top, dutNode: dutNode)
        try checkOneField(rig, emulatorsNode: emulatorsNode, dutNode: dutNode)
        return rig
    }

    static let topKeys: Set<String> = [
        "name", "description", "clock", "emulators", "dut", "tolerances", "repeat", "suites",
        "profile",
    ]

    /// A `suites:` entry: a suite's name, or `{suite: NAME, profile: PROFILE}` for a suite
    /// judged under a profile other than the rig's.
    private func suiteEntry(_ node: Node) throws(RigFileError) -> (String, ReaderProfile?) {
        guard node.mapping != nil else { return (try string(node, what: "a suite name"), nil) }
        let map = try mapping(node, what: "a suite entry", keys: ["suite", "profile"])
        let profileNode = try map.required("profile")
        let profileText = try string(profileNode, what: "profile")
        guard let profile = ReaderProfile(rawValue: profileText) else {
            throw error(at: profileNode, Self.profileChoice(profileText))
        }
        return (try string(map.required("suite"), what: "a suite name"), profile)
    }

    /// What a profile must be, for errors.
    static func profileChoice(_ text: String) -> String {
        "profile must be " + ReaderProfile.allCases.map(\.rawValue).joined(separator: ", ")
            + ", not \"\(text)\""
    }

    private func emulator(_ node: Node) throws(RigFileError) -> RigFile.Emulator {
        let map = try mapping(node, what: "an emulator", keys: ["id", "device"])
        return RigFile.Emulator(
            id: try string(map.required("id"), what: "id"),
            device: try device(map.required("device")))
    }

    private func device(_ node: Node) throws(RigFileError) -> RigFile.DeviceSpec {
        let text = try string(node, what: "device")
        if text == "sim" { return .sim }
        if text == "virtual-usb" { return .virtualUSB }
        guard text.hasPrefix("usb:") else {
            throw error(
                at: node,
                "device must be sim, virtual-usb, or usb:INDEX, usb:BUS:ADDRESS or usb:serial=SERIAL, not \"\(text)\""
            )
        }
        let selector = String(text.dropFirst(4))
        do {
            _ = try PN533USBSelector(parsing: selector)
        } catch {
            throw self.error(at: node, "device \"\(text)\": \(error)")
        }
        return .usb(selector: selector)
    }

    private func deviceUnderTest(_ node: Node) throws(RigFileError) -> DeviceUnderTestSpec {
        let map = try mapping(
            node, what: "dut",
            keys: ["adapter", "device", "command", "working_directory", "timeouts", "reader"])
        let adapterNode = try map.required("adapter")
        switch try string(adapterNode, what: "adapter") {
        case "reference":
            if let extra = map.optional("reader") {
                throw error(
                    at: extra,
                    "reader belongs to the process adapter; the reference reader's chip is device"
                )
            }
            for key in ["command", "working_directory", "timeouts"] {
                if let extra = map.optional(key) {
                    throw error(
                        at: extra,
                        "\(key) belongs to the process adapter, not the reference adapter")
                }
            }
            return .reference(device: try device(map.required("device")))
        case "process":
            if let extra = map.optional("device") {
                throw error(
                    at: extra,
                    "device belongs to the reference adapter; a process DUT reaches its reader itself"
                )
            }
            let commandNode = try map.required("command")
            let command = try sequence(commandNode, what: "command").map {
                item throws(RigFileError) in
                try string(item, what: "a command argument")
            }
            guard !command.isEmpty, !command[0].isEmpty else {
                throw error(at: commandNode, "command needs at least the program to run")
            }
            var spec = ProcessDUTSpec(
                command: command,
                workingDirectory: try map.optional("working_directory").map {
                    (node) throws(RigFileError) in try string(node, what: "working_directory")
                })
            if let readerNode = map.optional("reader") {
                let reader = try device(readerNode)
                guard reader != .sim else {
                    throw error(
                        at: readerNode,
                        "reader must be virtual-usb or usb:..., not sim: a process DUT drives its "
                            + "reader over USB itself, and a sim chip is reached only inside nfcrig"
                    )
                }
                spec.reader = reader
            }
            if let timeouts = map.optional("timeouts") {
                let times = try mapping(
                    timeouts, what: "timeouts", keys: ["hello_ms", "request_ms"])
                if let hello = times.optional("hello_ms") {
                    spec.helloTimeout = .milliseconds(
                        try integer(hello, what: "hello_ms", in: 1...600_000))
                }
                if let request = times.optional("request_ms") {
                    spec.requestTimeout = .milliseconds(
                        try integer(request, what: "request_ms", in: 1...600_000))
                }
            }
            return .process(spec)
        case let other:
            throw error(at: adapterNode, "adapter must be reference or process, not \"\(other)\"")
        }
    }

    private func tolerances(_ node: Node) throws(RigFileError) -> RigFile.Tolerances {
        let map = try mapping(
            node, what: "tolerances", keys: ["restart_polling_ms", "restart_polling_tolerance_ms"])
        var result = RigFile.Tolerances()
        if let nominal = map.optional("restart_polling_ms") {
            result.restartPollingNominal = .milliseconds(
                try integer(nominal, what: "restart_polling_ms", in: 1...60_000))
        }
        if let tolerance = map.optional("restart_polling_tolerance_ms") {
            result.restartPollingTolerance = .milliseconds(
                try integer(tolerance, what: "restart_polling_tolerance_ms", in: 0...60_000))
        }
        return result
    }

    /// A virtual USB chip needs a wall clock: the host side (libusb, the driver's timeouts)
    /// waits in real time, which a virtual clock cannot see pass. Nor can it share a rig with
    /// a real USB chip: under umockdev, libusb sees the virtual bus only. Errors point at the
    /// chip's `device`.
    private func checkVirtualUSB(
        _ rig: RigFile, emulatorsNode: Node, dutNode: Node
    ) throws(RigFileError) {
        guard rig.namesVirtualUSB else { return }
        let nodes = (try? sequence(emulatorsNode, what: "emulators")) ?? []
        var chips = rig.emulators.enumerated().map { index, emulator in
            let node = nodes.indices.contains(index) ? deviceNode(in: nodes[index]) : nil
            return (
                name: "emulator \"\(emulator.id)\"", device: emulator.device,
                node: node ?? emulatorsNode
            )
        }
        if let device = rig.dut.readerDevice {
            let name = if case .reference = rig.dut { "the DUT" } else { "the DUT's reader" }
            chips.append((name: name, device: device, node: readerNode(in: dutNode)))
        }
        for chip in chips {
            if rig.clock == .virtual, chip.device == .virtualUSB {
                throw error(
                    at: chip.node,
                    "\(chip.name) is virtual-usb, which needs clock: wall (the rig's clock is "
                        + "virtual): the host reaches the chip through libusb and waits in real time"
                )
            }
            if case .usb = chip.device {
                throw error(
                    at: chip.node,
                    "\(chip.name) is \(chip.device), but a rig with virtual-usb chips runs under "
                        + "umockdev, where libusb sees only the virtual bus; use sim or virtual-usb"
                )
            }
        }
    }

    /// The value of `device` in a mapping node, if it has one.
    private func deviceNode(in node: Node) -> Node? { value(of: "device", in: node) }

    /// The DUT's reader chip in the `dut` node: `device` (reference) or `reader` (process);
    /// the `dut` node itself when neither is there.
    private func readerNode(in dutNode: Node) -> Node {
        value(of: "device", in: dutNode) ?? value(of: "reader", in: dutNode) ?? dutNode
    }

    private func value(of key: String, in node: Node) -> Node? {
        guard case .mapping(let mapping) = node else { return nil }
        return mapping.first { $0.key.scalar?.string == key }?.value
    }

    /// A reader reaches only the tags in its own field: the simulated one (`sim`,
    /// `virtual-usb`) or the air of a bench (`usb:`). When the rig names the DUT's reader,
    /// every emulator must be in the same one. Errors point at the emulator's `device`.
    private func checkOneField(
        _ rig: RigFile, emulatorsNode: Node, dutNode: Node
    ) throws(RigFileError) {
        guard let reader = rig.dut.readerDevice else { return }
        let nodes = (try? sequence(emulatorsNode, what: "emulators")) ?? []
        for (index, emulator) in rig.emulators.enumerated()
        where emulator.device.isSimulated != reader.isSimulated {
            let node = nodes.indices.contains(index) ? deviceNode(in: nodes[index]) : nil
            let fields = (simulated: "the simulated field", bench: "the air of a bench")
            throw error(
                at: node ?? emulatorsNode,
                "emulator \"\(emulator.id)\" is \(emulator.device), in "
                    + (emulator.device.isSimulated ? fields.simulated : fields.bench)
                    + ", but the DUT's reader is \(reader), in "
                    + (reader.isSimulated ? fields.simulated : fields.bench)
                    + ": a reader reaches only the tags in its own field; make the chips all "
                    + "simulated (sim, virtual-usb) or all usb:")
        }
    }

    private func checkClock(_ rig: RigFile, top: Mapping, dutNode: Node) throws(RigFileError) {
        guard rig.clock == .virtual else { return }
        for emulator in rig.emulators where !emulator.device.isSimulated {
            throw error(
                at: top.optional("clock"),
                "clock: virtual needs simulated chips, but emulator \"\(emulator.id)\" is \(emulator.device); use clock: wall"
            )
        }
        switch rig.dut {
        case .reference(let device) where !device.isSimulated:
            throw error(
                at: dutNode,
                "clock: virtual needs simulated chips, but the DUT is on \(device); use clock: wall"
            )
        case .process:
            throw error(at: dutNode, "a process DUT runs in real time: use clock: wall")
        default:
            break
        }
    }
}
