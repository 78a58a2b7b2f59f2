import Foundation
import PN533
import PN533Sim
import PN533USB

/// A rig file turned into chips: a clock, a simulated field when any chip is simulated, the
/// emulator chips, and the reference reader's chip.
public struct AssembledRig: Sendable {
    /// The rig file.
    public let file: RigFile
    /// The folder the rig file is in (process DUTs start there).
    public let directory: URL
    /// The clock every timestamp uses: virtual for simulated rigs, wall otherwise.
    public let clock: SimulationClock
    /// The simulated RF field, when any chip is simulated.
    public let field: RFField?
    /// One chip per emulated tag, in rig-file order.
    public let emulators: [RigChip]
    /// The reference reader's chip (nil for a process DUT).
    public let readerChip: RigChip?

    /// Opens every chip the rig names. USB chips are opened and identified; simulated chips
    /// join one field, whose frames are timed by `air` (its bit rate applies to every frame:
    /// the simulated chips negotiate none).
    public static func assemble(
        _ file: RigFile, directory: URL, usb: USBTiming = USBTiming(), air: AirTiming = AirTiming()
    ) async throws(RigAssemblyError) -> AssembledRig {
        let clock = SimulationClock(mode: file.clock == .virtual ? .virtual : .wall)
        let needsField =
            file.emulators.contains { $0.device == .sim } || file.dut == .reference(device: .sim)
        let field = needsField ? RFField(clock: clock, timing: air) : nil
        var emulators: [RigChip] = []
        for emulator in file.emulators {
            emulators.append(
                try await open(emulator.device, id: emulator.id, field: field, usb: usb))
        }
        var readerChip: RigChip?
        if case .reference(let device) = file.dut {
            readerChip = try await open(device, id: "dut", field: field, usb: usb)
        }
        return AssembledRig(
            file: file, directory: directory, clock: clock, field: field, emulators: emulators,
            readerChip: readerChip)
    }

    private static func open(
        _ spec: RigFile.DeviceSpec, id: String, field: RFField?, usb: USBTiming
    ) async throws(RigAssemblyError) -> RigChip {
        switch spec {
        case .sim:
            // `assemble` makes a field whenever a chip is simulated.
            guard let field else { throw .noField(id: id) }
            let firmware = PN533Firmware(name: id, field: field, usb: usb)
            return RigChip(
                id: id, device: PN533Device(transport: firmware.transport()), simulated: firmware)
        case .usb(let text):
            let selector: PN533USBSelector
            do {
                selector = try PN533USBSelector(parsing: text)
            } catch {
                throw .usb(id: id, message: "\(error)")
            }
            do {
                let (transport, _) = try await PN533USBDevice.open(selector)
                return RigChip(
                    id: id, device: PN533Device(transport: transport), simulated: nil,
                    usb: transport)
            } catch {
                throw .usb(id: id, message: "\(error)")
            }
        }
    }

    /// Every chip, emulators first.
    public var chips: [RigChip] { emulators + (readerChip.map { [$0] } ?? []) }

    /// Time on the rig's clock since it was assembled.
    public var now: Duration { clock.now.offset }

    /// Releases USB devices.
    public func close() async {
        for chip in chips { await chip.usb?.close() }
    }
}

/// Why a rig could not be put together.
public enum RigAssemblyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A simulated chip without a field (an internal inconsistency).
    case noField(id: String)
    /// A USB chip could not be opened; the message carries the fix.
    case usb(id: String, message: String)

    public var description: String {
        switch self {
        case .noField(let id): "chip \(id): no simulated field to put it in"
        case .usb(let id, let message): "chip \(id): \(message)"
        }
    }
}
