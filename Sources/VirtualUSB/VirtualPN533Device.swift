import Foundation
import PN533
public import PN533Sim

/// A simulated PN533 that any libusb program in this process sees as a USB reader 04cc:2533
/// on bus 1 (the process must run under `umockdev-wrapper`).
///
/// Bulk OUT transfers go to the chip as host transfers; each transfer the chip sends
/// completes the host's next bulk IN. The chip should run on a `.wall` clock: the host
/// waits in real time.
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
        let toChip = Task {
            for await transfer in outbox.transfers {
                try? await transport.send(transfer)
            }
        }
        let toHost = Task {
            while !Task.isCancelled {
                do {
                    handle.pushIn(try await transport.receive(timeout: .milliseconds(100)))
                } catch TransportError.timeout {
                    continue
                } catch {
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
