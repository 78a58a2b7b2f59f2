import Foundation
import PN533
import PN533Sim
import PN533USB
import VirtualUSB

/// A rig file turned into chips: the time it runs on, a simulated field when any chip is
/// simulated, the emulator chips, and the reference reader's chip.
public struct AssembledRig: Sendable {
    /// The rig file.
    public let file: RigFile
    /// The folder the rig file is in (process DUTs start there).
    public let directory: URL
    /// The time every timestamp uses: a simulation clock (virtual or wall mode, as the file
    /// says) when a chip is simulated, the plain wall clock for a rig of USB dongles only.
    public let time: RigTime
    /// The simulated RF field, when any chip is simulated.
    public let field: RFField?
    /// One chip per emulated tag, in rig-file order.
    public let emulators: [RigChip]
    /// The reference reader's chip (nil for a process DUT).
    public let readerChip: RigChip?
    /// The reader a process DUT drives itself, when the rig names one (`reader:`).
    public let dutReader: DUTReaderChip?
    /// The virtual USB bus and devices of `virtual-usb` chips (nil when there are none),
    /// kept as long as the rig.
    public let virtualUSB: VirtualUSBChips?

    /// Opens every chip the rig names. USB chips are opened and identified; simulated chips
    /// join one field, whose frames are timed by `air` (its bit rate applies to every frame:
    /// the simulated chips negotiate none); `virtual-usb` chips join it too and are opened through libusb, on
    /// `virtualUSBBus` (a new bus when nil: umockdev allows one per process).
    public static func assemble(
        _ file: RigFile, directory: URL, usb: USBTiming = USBTiming(),
        air: AirTiming = AirTiming(), virtualUSBBus: VirtualUSBBus? = nil
    ) async throws(RigAssemblyError) -> AssembledRig {
        let time = RigTime(for: file)
        var devices = file.emulators.map { ($0.id, $0.device) }
        if case .reference(let device) = file.dut { devices.append((DUTReaderChip.id, device)) }
        let childReader: RigFile.DeviceSpec? =
            if case .process(let spec) = file.dut { spec.reader } else { nil }
        // `RigTime` makes a simulation clock whenever a chip is simulated.
        let field =
            file.namesSimulatedChip
            ? time.simulationClock.map { RFField(clock: $0, timing: air) } : nil
        var virtualUSB: VirtualUSBChips?
        let virtualChip =
            devices.first { $0.1 == .virtualUSB }?.0
            ?? (childReader == .virtualUSB ? DUTReaderChip.id : nil)
        if let id = virtualChip {
            // The host waits on libusb in real time; a virtual clock would never see it pass.
            guard !time.isVirtual else { throw .virtualUSBNeedsWallClock(id: id) }
            virtualUSB = try VirtualUSBChips(id: id, bus: virtualUSBBus)
        }
        var chips: [RigChip] = []
        for (index, (id, device)) in devices.enumerated() {
            do throws(RigAssemblyError) {
                chips.append(
                    try await open(
                        device, id: id, emulator: index < file.emulators.count, field: field,
                        virtualUSB: virtualUSB, usb: usb, time: time))
            } catch {
                for chip in chips { await chip.usb?.close() }
                virtualUSB?.unplug()
                throw error
            }
        }
        let readerChip: RigChip? = chips.count > file.emulators.count ? chips.last : nil
        var dutReader: DUTReaderChip?
        if let childReader {
            do throws(RigAssemblyError) {
                dutReader = try await plugChildReader(
                    childReader, field: field, virtualUSB: virtualUSB, usb: usb, beside: chips)
            } catch {
                for chip in chips { await chip.usb?.close() }
                virtualUSB?.unplug()
                throw error
            }
        }
        return AssembledRig(
            file: file, directory: directory, time: time, field: field,
            emulators: Array(chips.prefix(file.emulators.count)), readerChip: readerChip,
            dutReader: dutReader, virtualUSB: virtualUSB)
    }

    /// The reader a process DUT drives: a simulated chip plugged into the virtual bus, or the
    /// dongle `usb:` selects (found, not opened, and not one of the emulators' `beside`).
    private static func plugChildReader(
        _ spec: RigFile.DeviceSpec, field: RFField?, virtualUSB: VirtualUSBChips?,
        usb: USBTiming, beside chips: [RigChip]
    ) async throws(RigAssemblyError) -> DUTReaderChip {
        let id = DUTReaderChip.id
        switch spec {
        case .sim:
            // The rig-file parser refuses this too; a rig built in code can still ask for it.
            throw .simReaderForProcess(id: id)
        case .virtualUSB:
            guard let field, let virtualUSB else { throw .noField(id: id) }
            let firmware = PN533Firmware(name: id, field: field, usb: usb)
            let location = try virtualUSB.plugForChild(firmware, id: id)
            return DUTReaderChip(
                location: location, simulated: firmware, extra: virtualUSB.bus.childEnvironment)
        case .usb(let text):
            let device: PN533USBDeviceInfo
            do {
                let selector = try PN533USBSelector(parsing: text)
                let devices = try await PN533USBDevice.listDevices()
                guard let found = selector.select(from: devices) else {
                    throw RigAssemblyError.usb(
                        id: id,
                        message: "no PN533 on USB matches \(selector) (\(devices.count) found; "
                            + "nfcrig devices lists them)")
                }
                device = found
            } catch let error as RigAssemblyError {
                throw error
            } catch {
                throw .usb(id: id, message: "\(error)")
            }
            if let taken = chips.first(where: { $0.usb?.info.location == device.location }) {
                throw .usb(
                    id: id,
                    message: "usb:\(text) is \(device.summary), which emulator \(taken.id) uses")
            }
            return DUTReaderChip(location: device.location, simulated: nil)
        }
    }

    private static func open(
        _ spec: RigFile.DeviceSpec, id: String, emulator: Bool, field: RFField?,
        virtualUSB: VirtualUSBChips?, usb: USBTiming, time: RigTime
    ) async throws(RigAssemblyError) -> RigChip {
        // Every chip nfcrig drives keeps a USB trace while a case asks for one.
        let trace = USBTraceRecorder(now: { time.now })
        func device(_ transport: some Transport) -> PN533Device {
            PN533Device(transport: ObservedTransport(transport, observer: trace.observe))
        }
        // An emulator on a dongle times its host's answers itself: no field sees them.
        func timedDevice(_ transport: some Transport) -> (PN533Device, HostAnswerMonitor?) {
            guard emulator else { return (device(transport), nil) }
            let monitor = HostAnswerMonitor(emulator: id, now: { time.now })
            let observed = ObservedTransport(transport) { direction, bytes in
                trace.observe(direction, bytes)
                monitor.observe(direction, bytes)
            }
            return (PN533Device(transport: observed), monitor)
        }
        switch spec {
        case .sim:
            // `assemble` makes a field whenever a chip is simulated.
            guard let field else { throw .noField(id: id) }
            let firmware = PN533Firmware(name: id, field: field, usb: usb)
            return RigChip(
                id: id, device: device(firmware.transport()), simulated: firmware,
                usbTrace: trace)
        case .virtualUSB:
            guard let field, let virtualUSB else { throw .noField(id: id) }
            let firmware = PN533Firmware(name: id, field: field, usb: usb)
            let transport = try await virtualUSB.plug(firmware, id: id)
            return RigChip(
                id: id, device: device(transport), simulated: firmware, usb: transport,
                usbTrace: trace)
        case .usb(let text):
            let selector: PN533USBSelector
            do {
                selector = try PN533USBSelector(parsing: text)
            } catch {
                throw .usb(id: id, message: "\(error)")
            }
            do {
                let (transport, _) = try await PN533USBDevice.open(selector)
                let (device, monitor) = timedDevice(transport)
                return RigChip(
                    id: id, device: device, simulated: nil, usb: transport, usbTrace: trace,
                    hostAnswers: monitor)
            } catch {
                throw .usb(id: id, message: "\(error)")
            }
        }
    }

    /// The environment a process DUT's child needs to reach its reader (empty when the rig
    /// names none).
    public var dutEnvironment: [String: String] { dutReader?.environment ?? [:] }

    /// Every chip, emulators first.
    public var chips: [RigChip] { emulators + (readerChip.map { [$0] } ?? []) }

    /// The simulation clock of a rig with a simulated chip (nil for a rig of USB dongles
    /// only), for the simulator's own tools: everything else goes through `time`.
    public var simulationClock: SimulationClock? { time.simulationClock }

    /// Time on the rig's clock since it was assembled.
    public var now: Duration { time.now }

    /// Releases USB devices, then unplugs virtual ones.
    public func close() async {
        for chip in chips { await chip.usb?.close() }
        virtualUSB?.unplug()
    }
}

/// Why a rig could not be put together.
public enum RigAssemblyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A simulated chip without a field (an internal inconsistency).
    case noField(id: String)
    /// A USB chip could not be opened; the message carries the fix.
    case usb(id: String, message: String)
    /// A `virtual-usb` chip on a rig whose clock is virtual.
    case virtualUSBNeedsWallClock(id: String)
    /// A `virtual-usb` chip, but this process does not run under umockdev-wrapper.
    case notUnderUMockdev(id: String)
    /// A `virtual-usb` chip could not be plugged in or opened.
    case virtualUSB(id: String, message: String)
    /// A process DUT's reader that is `sim`: only nfcrig reaches such a chip, never a child.
    case simReaderForProcess(id: String)

    public var description: String {
        switch self {
        case .noField(let id): "chip \(id): no simulated field to put it in"
        case .usb(let id, let message): "chip \(id): \(message)"
        case .virtualUSBNeedsWallClock(let id):
            "chip \(id): virtual-usb needs clock: wall (the host waits on libusb in real time)"
        case .notUnderUMockdev(let id):
            "chip \(id): virtual-usb needs this process to run under umockdev-wrapper "
                + "(LD_PRELOAD lacks libumockdev-preload), or libusb sees the real USB bus; "
                + "nfcrig's verbs re-execute themselves under it"
        case .virtualUSB(let id, let message): "chip \(id): virtual USB: \(message)"
        case .simReaderForProcess(let id):
            "chip \(id): a process DUT drives its reader over USB itself; a sim chip is reached "
                + "only inside nfcrig: use virtual-usb"
        }
    }
}
