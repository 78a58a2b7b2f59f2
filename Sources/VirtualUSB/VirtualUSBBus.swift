import Foundation
import Locking
internal import VirtualUSBSupport

/// USB bus 1 as umockdev presents it to this process and its children: the place
/// `VirtualPN533Device`s plug into.
///
/// umockdev keeps one testbed per process (named by `UMOCKDEV_DIR`), so keep one bus at a
/// time; a child process reaches the bus through the environment it inherits.
// @unchecked: `pointer` (an OpaquePointer, not Sendable) never changes, the C side locks
// the bus's own state, and `used` is behind a lock.
public final class VirtualUSBBus: @unchecked Sendable {
    // The pointer is only read after init; the C side locks what it shares.
    let pointer: OpaquePointer
    private let used = Lock<Set<UInt8>>([])

    /// Creates the testbed.
    public init() throws(VirtualUSBError) {
        guard let pointer = nfcrig_vusb_bus_create() else { throw .testbedFailed }
        self.pointer = pointer
    }

    /// The testbed's root directory: the `UMOCKDEV_DIR` a child process needs.
    public var rootDirectory: String { String(cString: nfcrig_vusb_bus_root(pointer)) }

    /// The environment variables that make a child see this bus (with the preload library
    /// from umockdev-wrapper already in `LD_PRELOAD`).
    public var childEnvironment: [String: String] { ["UMOCKDEV_DIR": rootDirectory] }

    /// Whether this process runs under umockdev-wrapper (false: libusb sees the real bus).
    public var inMockEnvironment: Bool { nfcrig_vusb_in_mock_environment() }

    /// Reserves `address`, or the lowest free address from 2 when nil.
    func reserve(_ address: UInt8?) throws(VirtualUSBError) -> UInt8 {
        try used.withLock { (used) throws(VirtualUSBError) -> UInt8 in
            let chosen = address ?? (2...127).first { !used.contains($0) }
            guard let chosen, (1...127).contains(chosen), !used.contains(chosen) else {
                throw .addressInUse(address ?? 0)
            }
            used.insert(chosen)
            return chosen
        }
    }

    /// Frees `address` for the next device.
    func release(_ address: UInt8) {
        used.withLock { _ = $0.remove(address) }
    }

    deinit { nfcrig_vusb_bus_destroy(pointer) }
}
