import PN533Sim
import PacketTrace

extension AssembledRig {
    /// Starts keeping traces of what comes next (a case's repetition): the simulated
    /// field's air and the USB transfers of every chip nfcrig drives.
    public func beginTraces(limit: TraceLimit = .default) async {
        await field?.beginTrace(limit: limit)
        for chip in chips { chip.usbTrace?.begin(limit: limit) }
    }

    /// The traces kept since `beginTraces(limit:)`, an interface each: the simulated field's
    /// air, or on a rig without one what each emulator chip's host exchanged with the
    /// reader (`EmulatorAirView`); then each chip's USB transfers.
    public func endTraces() async -> [InterfaceTrace] {
        var usb: [(chip: RigChip, trace: BoundedTrace)] = []
        for chip in chips {
            if let trace = chip.usbTrace?.end() { usb.append((chip, trace)) }
        }
        var interfaces: [InterfaceTrace] = []
        if let field {
            if let trace = await field.endTrace() {
                let interface = TraceInterface(
                    name: "rf", description: "the simulated RF field: every frame on the air",
                    link: .rf)
                interfaces.append(InterfaceTrace(interface: interface, trace: trace))
            }
        } else {
            for emulator in emulators {
                guard let trace = usb.first(where: { $0.chip.id == emulator.id })?.trace
                else { continue }
                let interface = TraceInterface(
                    name: "rf-\(emulator.id)",
                    description: "emulator \(emulator.id)'s air as its host saw it (no CRC)",
                    link: .rf)
                interfaces.append(
                    InterfaceTrace(
                        interface: interface,
                        records: EmulatorAirView.records(fromUSB: trace.records)))
            }
        }
        for (index, chip) in chips.enumerated() {
            guard let trace = usb.first(where: { $0.chip.id == chip.id })?.trace else { continue }
            let interface = TraceInterface(
                name: "usb-\(chip.id)",
                description: "chip \(chip.id): host ↔ PN533 transfers",
                link: .usb(.simulatedChip(index)))
            interfaces.append(InterfaceTrace(interface: interface, trace: trace))
        }
        return interfaces
    }
}
