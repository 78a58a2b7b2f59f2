import Foundation
import NFCRigTestSupport
import PN533
import PN533Sim
import PN533USB
import VirtualUSB

/// The one virtual reader most virtual USB tests use, on the one bus of the process (umockdev
/// keeps one testbed per process): the tests run one at a time and leave the chip as they
/// found it; a test that breaks the chip for good discards the reader and the next test gets
/// a new one. Tests that plug in more readers unplug them before they end.
enum SharedVirtualReader {
    private static let current = Locked<VirtualPN533Device?>(nil)
    private static let sharedBus = Locked<VirtualUSBBus?>(nil)

    /// The process's bus, created on first use.
    static func bus() throws(VirtualUSBError) -> VirtualUSBBus {
        try sharedBus.withLock { (bus) throws(VirtualUSBError) -> VirtualUSBBus in
            if let bus { return bus }
            let created = try VirtualUSBBus()
            bus = created
            // The bus lives as long as the process, so its testbed is never torn down: remove
            // its directory at exit (only files: umockdev's threads are left alone then).
            atexit {
                guard let root = SharedVirtualReader.sharedBus.value?.rootDirectory else { return }
                try? FileManager.default.removeItem(atPath: root)
            }
            return created
        }
    }

    /// The current reader, created on first use or after `discard()`.
    static func device() throws(VirtualUSBError) -> VirtualPN533Device {
        try current.withLock { (device) throws(VirtualUSBError) -> VirtualPN533Device in
            if let device { return device }
            let chip = PN533Firmware(
                name: "reader", field: RFField(clock: SimulationClock(mode: .wall)))
            let created = try VirtualPN533Device(chip: chip, bus: bus(), address: 2)
            device = created
            return created
        }
    }

    /// Unplugs the reader.
    static func discard() { current.withLock { $0 = nil } }
}

/// Why a virtual USB test gave up.
enum VirtualUSBTestError: Error {
    case deadlineExceeded(Duration)
}

/// Opens the shared virtual reader through nfcrig's libusb transport, opens a `PN533Device` on
/// it and runs `body`; fails instead of hanging when it all takes longer than `limit`.
func withVirtualReader<R: Sendable>(
    limit: Duration = .seconds(20),
    _ body: @escaping @Sendable (PN533Device, PN533Firmware) async throws -> R
) async throws -> R {
    let chip = try SharedVirtualReader.device().chip
    return try await withThrowingTaskGroup(of: R?.self) { group in
        group.addTask {
            try await PN533USBDevice.withTransport(.index(0)) { transport, _ in
                let device = PN533Device(transport: transport)
                try await device.open()
                return try await body(device, chip)
            }
        }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw VirtualUSBTestError.deadlineExceeded(limit)
        }
        return value
    }
}
