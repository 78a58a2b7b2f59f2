import Foundation
import PN533
public import PN533Sim

/// A simulated PN533 that any libusb program in this process sees as a USB reader 04cc:2533
/// on bus 1 (the process must run under `umockdev-wrapper`).
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
    /// The USB address on bus 1 (the device node is `/dev/bus/usb/001/<address>`).
    public let address: UInt8
    private let handle: VirtualUSBDeviceHandle
    private let outbox: VirtualUSBOutbox
    private let tasks: [Task<Void, Never>]

    /// Puts `chip` on virtual USB at bus 1, `address`.
    public init(chip: PN533Firmware, address: UInt8 = 2) throws(VirtualUSBError) {
        let outbox = VirtualUSBOutbox()
        guard let handle = VirtualUSBDeviceHandle(address: address, outbox: outbox) else {
            throw .testbedFailed
        }
        self.chip = chip
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

    /// Whether this process runs under umockdev-wrapper (false means libusb sees the real bus).
    public var inMockEnvironment: Bool { handle.inMockEnvironment }

    deinit {
        outbox.finish()
        for task in tasks { task.cancel() }
    }
}
