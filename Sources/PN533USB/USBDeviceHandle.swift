/// Owns one open libusb device handle: the interface it claimed, the kernel driver it
/// detached, and the context it came from; `close()` undoes all three, in reverse order.
///
/// `@unchecked Sendable`: the pointers never change, and libusb lets any thread use a handle;
/// the mutable claim state is only touched from the owner's serial `USBWorkQueue` (or from
/// `deinit`, when nothing else holds the handle), so it is never accessed concurrently.
final class USBDeviceHandle: @unchecked Sendable {
    private let context: USBContext
    private let pointer: OpaquePointer
    private var claimedInterface: UInt8?
    private var detachedInterface: UInt8?
    /// False once `close()` ran: transfers then fail instead of touching a freed handle.
    private(set) var isOpen = true

    private init(context: USBContext, pointer: OpaquePointer) {
        self.context = context
        self.pointer = pointer
    }

    /// Opens `device`, which must come from `context`'s device list.
    static func open(
        _ device: OpaquePointer, context: USBContext
    ) -> Result<USBDeviceHandle, USBCallFailure> {
        LibUSB.open(device)
            .mapError { USBCallFailure(call: "libusb_open", error: $0) }
            .map { USBDeviceHandle(context: context, pointer: $0) }
    }

    /// The string descriptor at `index`.
    func string(index: UInt8) -> Result<String, USBCallFailure> {
        LibUSB.string(pointer, index: index)
            .mapError { USBCallFailure(call: "libusb_get_string_descriptor_ascii", error: $0) }
    }

    /// Every interface setting of the active configuration.
    func activeConfiguration() -> Result<[USBInterfaceDescriptor], USBCallFailure> {
        LibUSB.activeConfiguration(LibUSB.device(of: pointer))
            .mapError { USBCallFailure(call: "libusb_get_active_config_descriptor", error: $0) }
    }

    /// Detaches a kernel driver bound to `interface` (on Linux, `pn533_usb`), then claims it.
    func claim(interface: UInt8) -> Result<Void, USBCallFailure> {
        switch LibUSB.kernelDriverActive(pointer, interface: interface) {
        case .success(true):
            if case .failure(let error) = LibUSB.detachKernelDriver(pointer, interface: interface) {
                return .failure(USBCallFailure(call: "libusb_detach_kernel_driver", error: error))
            }
            detachedInterface = interface
        case .success(false), .failure(.notSupported):
            // Platforms without kernel drivers to detach (or without the query) go straight on.
            break
        case .failure(let error):
            return .failure(USBCallFailure(call: "libusb_kernel_driver_active", error: error))
        }
        return LibUSB.claimInterface(pointer, interface)
            .mapError { USBCallFailure(call: "libusb_claim_interface", error: $0) }
            .map { claimedInterface = interface }
    }

    /// A blocking bulk transfer of `length` bytes at `data`; the count moved.
    func bulkTransfer(
        endpoint: UInt8, data: UnsafeMutablePointer<UInt8>, length: Int, timeoutMilliseconds: UInt32
    ) -> Result<Int, USBError> {
        guard isOpen else { return .failure(.noDevice) }
        return LibUSB.bulkTransfer(
            pointer, endpoint: endpoint, data: data, length: length,
            timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Releases the interface, gives the kernel driver back, closes the handle. Runs once;
    /// failures are ignored because each step is best effort on a device that may be gone.
    func close() {
        guard isOpen else { return }
        isOpen = false
        if let interface = claimedInterface { _ = LibUSB.releaseInterface(pointer, interface) }
        if let interface = detachedInterface {
            _ = LibUSB.attachKernelDriver(pointer, interface: interface)
        }
        LibUSB.close(pointer)
    }

    deinit {
        close()
    }
}
