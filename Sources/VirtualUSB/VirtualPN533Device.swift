import Foundation
import PN533
public import PN533Sim

/// A simulated PN533 that any libusb program in this process (and its children) sees as a
/// USB reader 04cc:2533 on a `VirtualUSBBus` (the process must run under `umockdev-wrapper`).
///
/// Bulk OUT transfers go to the chip as host transfers; each transfer the chip sends
/// completes the host's next bulk IN. The chip should run on a `.wall` clock: the host
/// waits in real time. When the chip disconnects (`PN533Fault.disconnectAfter`), the USB
/// device goes too: libusb reports every later transfer as `LIBUSB_ERROR_NO_DEVICE`.
public final class VirtualPN533Device: Sendable {
    /// The environment variable `make test` sets when it runs tests under umockdev-wrapper.
    public static let environmentVariable = "NFCRIG_VIRTUAL_USB"

    /// Whether virtual USB tests should run: `NFCRIG_VIRTUAL_USB=1` is set.
    public static var isEnabled: Bool {
        ProcessInfo.processInfo.environment[environmentVariable] == "1"
    }

    /// The chip behind the device.
    public let chip: PN533Firmware
    /// The bus the device is plugged into.
    public let bus: VirtualUSBBus
    /// The USB address on bus 1 (the device node is `/dev/bus/usb/001/<address>`).
    public let address: UInt8
    private let handle: VirtualUSBDeviceHandle
    private let outbox: VirtualUSBOutbox
    private let tasks: [Task<Void, Never>]

    /// Plugs `chip` into `bus` at `address` (the lowest free one from 2 when nil).
    public init(chip: PN533Firmware, bus: VirtualUSBBus, address: UInt8? = nil)
        throws(VirtualUSBError)
    {
        let address = try bus.reserve(address)
        let outbox = VirtualUSBOutbox()
        guard let handle = VirtualUSBDeviceHandle(bus: bus, address: address, outbox: outbox)
        else {
            bus.release(address)
            throw .testbedFailed
        }
        self.chip = chip
        self.bus = bus
        self.address = address
        self.handle = handle
        self.outbox = outbox
        let transport = chip.transport()
        // The tasks hold the handle weakly: the testbed goes when the device does, not when a
        // task next wakes up, so a new device can take its place at once.
        let toChip = Task { [weak handle] in
            for await transfer in outbox.transfers {
                do {
                    try await transport.send(transfer)
                } catch TransportError.disconnected {
                    handle?.disconnect()
                } catch {
                    continue
                }
            }
        }
        let toHost = Task { [weak handle] in
            while !Task.isCancelled {
                do {
                    let bytes = try await transport.receive(timeout: .milliseconds(100))
                    guard let handle else { return }
                    handle.pushIn(bytes)
                } catch TransportError.timeout {
                    continue
                } catch {
                    // The chip is gone (or broken): so is the USB device.
                    handle?.disconnect()
                    return
                }
            }
        }
        tasks = [toChip, toHost]
    }

    /// Where libusb finds the device: "001:<address>", as `PN533USBDevice` prints it.
    public var location: String { "001:" + String(format: "%03d", address) }

    deinit {
        outbox.finish()
        for task in tasks { task.cancel() }
    }
}
