internal import VirtualUSBSupport

/// Owns one `nfcrig_vusb_device` (a virtual PN533 on a bus): the C side locks its own
/// queues, so the pointer may cross threads.
final class VirtualUSBDeviceHandle: @unchecked Sendable {
    private let pointer: OpaquePointer
    private let outbox: Unmanaged<VirtualUSBOutbox>
    private let bus: VirtualUSBBus
    private let address: UInt8

    /// Adds the device at bus 1, `address`; bulk OUT transfers go to `outbox`. `nil` when
    /// umockdev fails (it says why on stderr).
    init?(bus: VirtualUSBBus, address: UInt8, outbox: VirtualUSBOutbox) {
        let retained = Unmanaged.passRetained(outbox)
        let callback: nfcrig_vusb_out_fn = { context, bytes, length in
            guard let context else { return }
            let outbox = Unmanaged<VirtualUSBOutbox>.fromOpaque(context).takeUnretainedValue()
            outbox.deliver(Array(UnsafeBufferPointer(start: bytes, count: length)))
        }
        guard let pointer = nfcrig_vusb_create(bus.pointer, address, callback, retained.toOpaque())
        else {
            retained.release()
            return nil
        }
        self.pointer = pointer
        self.outbox = retained
        self.bus = bus
        self.address = address
    }

    /// Queues one transfer for the host's next bulk IN.
    func pushIn(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { nfcrig_vusb_push_in(pointer, $0.baseAddress, $0.count) }
    }

    /// Unplugs the device: libusb reports every later transfer as `LIBUSB_ERROR_NO_DEVICE`.
    func disconnect() { nfcrig_vusb_disconnect(pointer) }

    deinit {
        nfcrig_vusb_destroy(pointer)
        outbox.release()
        bus.release(address)
    }
}
