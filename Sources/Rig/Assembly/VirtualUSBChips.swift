import Locking
import PN533Sim
import PN533USB
import VirtualUSB

/// The virtual USB bus of a rig and the simulated chips plugged into it: they must live as
/// long as the rig, since libusb reaches the chips only while their devices exist.
public final class VirtualUSBChips: Sendable {
    /// The bus (umockdev's testbed; one per process).
    public let bus: VirtualUSBBus
    private let devices = Lock<[VirtualPN533Device]>([])

    /// Chips on `bus`, the caller's (a test's shared bus) or a new one when nil.
    ///
    /// - Throws: `.notUnderUMockdev` unless this process runs under `umockdev-wrapper`
    ///   (libusb would see the real bus), `.virtualUSB` when umockdev fails.
    init(id: String, bus: VirtualUSBBus?) throws(RigAssemblyError) {
        guard UMockdevWrapper.isActive else { throw .notUnderUMockdev(id: id) }
        if let bus {
            self.bus = bus
        } else {
            do {
                self.bus = try VirtualUSBBus()
            } catch {
                throw .virtualUSB(id: id, message: error.description)
            }
        }
    }

    /// Plugs `chip` in and opens it through nfcrig's libusb transport, as a USB reader.
    func plug(_ chip: PN533Firmware, id: String) async throws(RigAssemblyError)
        -> PN533USBTransport
    {
        let device: VirtualPN533Device
        do {
            device = try VirtualPN533Device(chip: chip, bus: bus)
        } catch {
            throw .virtualUSB(id: id, message: error.description)
        }
        devices.withLock { $0.append(device) }
        do {
            return try await PN533USBDevice.open(.location(bus: 1, address: device.address))
                .transport
        } catch {
            throw .virtualUSB(id: id, message: "\(device.location): \(error)")
        }
    }

    /// Plugs `chip` in for another process to open (the DUT's reader): nfcrig keeps the
    /// device but never opens it. Its location, `001:<address>`.
    func plugForChild(_ chip: PN533Firmware, id: String) throws(RigAssemblyError) -> String {
        do {
            let device = try VirtualPN533Device(chip: chip, bus: bus)
            devices.withLock { $0.append(device) }
            return device.location
        } catch {
            throw .virtualUSB(id: id, message: error.description)
        }
    }

    /// Unplugs every chip (after their transports were closed).
    func unplug() { devices.withLock { $0.removeAll() } }
}
