import PN533Sim
import PacketTrace
import TagEmulation

extension AssembledRig {
    /// Starts keeping traces of what comes next (a case's repetition): the simulated
    /// field's air and the USB transfers of every chip nfcrig drives.
    public func beginTraces(limit: TraceLimit = .default) async {
        await field?.beginTrace(limit: limit)
        for chip in chips { chip.usbTrace?.begin(limit: limit) }
    }

    /// The traces kept since `beginTraces(limit:)`, an interface each: the simulated field's
    /// air, or on a rig without one what each emulator's host exchanged with its reader
    /// (`tagEvents` by emulator id, the tag slots' logs: no CRC captured, host time); then
    /// each chip's USB transfers.
    public func endTraces(tagEvents: [String: [TagEvent]] = [:]) async -> [InterfaceTrace] {
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
                guard let events = tagEvents[emulator.id] else { continue }
                let interface = TraceInterface(
                    name: "rf-\(emulator.id)",
                    description: "emulator \(emulator.id)'s exchanges as its host saw them",
                    link: .rf)
                interfaces.append(
                    InterfaceTrace(interface: interface, records: Self.records(of: events)))
            }
        }
        for (index, chip) in chips.enumerated() {
            guard let trace = chip.usbTrace?.end() else { continue }
            let interface = TraceInterface(
                name: "usb-\(chip.id)",
                description: "chip \(chip.id): host ↔ PN533 transfers",
                link: .usb(.simulatedChip(index)))
            interfaces.append(InterfaceTrace(interface: interface, trace: trace))
        }
        return interfaces
    }

    /// What an emulator's host exchanged, as RF records without their CRC: the commands it
    /// received and the answers it sent, and the field going off when the reader let go.
    static func records(of events: [TagEvent]) -> [TraceRecord] {
        events.compactMap { event in
            let time = TraceTime.nanoseconds(event.at)
            switch event.kind {
            case .activated(let command), .received(let command):
                return TraceRecord(
                    timestamp: time, kind: .pcdToPICC, bytes: command, crcCaptured: false)
            case .sent(let answer):
                return TraceRecord(
                    timestamp: time, kind: .piccToPCD, bytes: answer, crcCaptured: false)
            case .sentNibble(let nibble):
                return TraceRecord(
                    timestamp: time, kind: .piccToPCD, bytes: [nibble], crcCaptured: false)
            default:
                return nil
            }
        }
    }
}
