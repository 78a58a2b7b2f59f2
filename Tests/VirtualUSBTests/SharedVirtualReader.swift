import PN533
import PN533Sim
import PN533USB
import VirtualUSB

/// The one virtual reader every virtual USB test uses: umockdev's testbed is set up once per
/// process, so the tests share it, run one at a time, and leave the chip as they found it.
enum SharedVirtualReader {
    static let chip = PN533Firmware(
        name: "reader", field: RFField(clock: SimulationClock(mode: .wall)))
    static let device = Result { () throws(VirtualUSBError) -> VirtualPN533Device in
        try VirtualPN533Device(chip: chip)
    }
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
    let chip = try SharedVirtualReader.device.get().chip
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
