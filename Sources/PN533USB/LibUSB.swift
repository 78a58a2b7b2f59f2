internal import CLibUSB

/// Every libusb-1.0 call nfcrig makes, one thin function each, as swift-system funnels its
/// system calls through one file: a failure comes back as a `USBError`, never as a bare code.
///
/// The pointers these functions take and return are libusb's opaque `libusb_context`,
/// `libusb_device` and `libusb_device_handle`; they stay inside this module, owned by
/// `USBContext` and `USBDeviceHandle`.
enum LibUSB {
    /// The status of a call that returns 0 or a negative `libusb_error`.
    private static func check(_ code: Int32) -> Result<Void, USBError> {
        code < 0 ? .failure(USBError(rawValue: code)) : .success(())
    }

    // MARK: Contexts

    /// `libusb_init`: a new context.
    static func initialize() -> Result<OpaquePointer, USBError> {
        var context: OpaquePointer?
        let code = libusb_init(&context)
        guard code == 0, let context else {
            return .failure(code < 0 ? USBError(rawValue: code) : .other)
        }
        return .success(context)
    }

    /// `libusb_exit`.
    static func exit(_ context: OpaquePointer) {
        libusb_exit(context)
    }

    /// `libusb_set_option(LIBUSB_OPTION_LOG_LEVEL, LIBUSB_LOG_LEVEL_NONE)`: stderr belongs to
    /// the CLI. The `LIBUSB_DEBUG` environment variable still wins, for debugging.
    static func silenceLogging(_ context: OpaquePointer) -> Result<Void, USBError> {
        check(nfcrig_libusb_set_log_level(context, Int32(LIBUSB_LOG_LEVEL_NONE.rawValue)))
    }

    // MARK: Devices

    /// `libusb_get_device_list`: runs `body` over the devices, then frees the list (devices
    /// opened inside stay valid: a handle holds its own reference).
    static func withDeviceList<T>(
        _ context: OpaquePointer, _ body: ([OpaquePointer]) -> T
    ) -> Result<T, USBError> {
        var list: UnsafeMutablePointer<OpaquePointer?>?
        let count = libusb_get_device_list(context, &list)
        guard count >= 0, let list else {
            return .failure(count < 0 ? USBError(rawValue: Int32(clamping: count)) : .other)
        }
        defer { libusb_free_device_list(list, 1) }
        return .success(body((0..<count).compactMap { list[$0] }))
    }

    /// `libusb_get_device_descriptor`: the IDs and the serial number string index.
    static func deviceDescriptor(_ device: OpaquePointer) -> Result<USBDeviceIdentity, USBError> {
        var descriptor = libusb_device_descriptor()
        return check(libusb_get_device_descriptor(device, &descriptor)).map {
            USBDeviceIdentity(
                vendorID: descriptor.idVendor, productID: descriptor.idProduct,
                serialNumberIndex: descriptor.iSerialNumber)
        }
    }

    /// `libusb_get_bus_number`, `libusb_get_device_address` and `libusb_get_port_numbers`.
    static func location(_ device: OpaquePointer) -> (bus: UInt8, address: UInt8, ports: [UInt8]) {
        // USB 3 allows at most 7 tiers of hubs below the root.
        var ports = [UInt8](repeating: 0, count: 7)
        let depth = libusb_get_port_numbers(device, &ports, Int32(ports.count))
        return (
            libusb_get_bus_number(device), libusb_get_device_address(device),
            Array(ports.prefix(max(0, Int(depth))))
        )
    }

    /// `libusb_get_active_config_descriptor`, copied into Swift values and freed.
    static func activeConfiguration(
        _ device: OpaquePointer
    ) -> Result<[USBInterfaceDescriptor], USBError> {
        var config: UnsafeMutablePointer<libusb_config_descriptor>?
        let code = libusb_get_active_config_descriptor(device, &config)
        guard code == 0, let config else {
            return .failure(code < 0 ? USBError(rawValue: code) : .other)
        }
        defer { libusb_free_config_descriptor(config) }
        var settings: [USBInterfaceDescriptor] = []
        let interfaces = UnsafeBufferPointer(
            start: config.pointee.interface, count: Int(config.pointee.bNumInterfaces))
        for interface in interfaces {
            let alternates = UnsafeBufferPointer(
                start: interface.altsetting, count: Int(interface.num_altsetting))
            for setting in alternates {
                let endpoints = UnsafeBufferPointer(
                    start: setting.endpoint, count: Int(setting.bNumEndpoints))
                settings.append(
                    USBInterfaceDescriptor(
                        number: setting.bInterfaceNumber,
                        alternateSetting: setting.bAlternateSetting,
                        endpoints: endpoints.map {
                            USBEndpointDescriptor(
                                address: $0.bEndpointAddress, attributes: $0.bmAttributes,
                                maxPacketSize: $0.wMaxPacketSize)
                        }))
            }
        }
        return .success(settings)
    }

    // MARK: Handles

    /// `libusb_open`.
    static func open(_ device: OpaquePointer) -> Result<OpaquePointer, USBError> {
        var handle: OpaquePointer?
        let code = libusb_open(device, &handle)
        guard code == 0, let handle else {
            return .failure(code < 0 ? USBError(rawValue: code) : .other)
        }
        return .success(handle)
    }

    /// `libusb_close`.
    static func close(_ handle: OpaquePointer) {
        libusb_close(handle)
    }

    /// `libusb_get_device`: the device behind a handle (no new reference).
    static func device(of handle: OpaquePointer) -> OpaquePointer {
        libusb_get_device(handle)
    }

    /// `libusb_get_string_descriptor_ascii`: string descriptor `index` in the first language.
    static func string(_ handle: OpaquePointer, index: UInt8) -> Result<String, USBError> {
        // A string descriptor holds at most 126 UTF-16 units.
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = libusb_get_string_descriptor_ascii(handle, index, &buffer, Int32(buffer.count))
        guard count >= 0 else { return .failure(USBError(rawValue: count)) }
        return .success(String(decoding: buffer.prefix(Int(count)), as: UTF8.self))
    }

    /// `libusb_kernel_driver_active`.
    static func kernelDriverActive(
        _ handle: OpaquePointer, interface: UInt8
    ) -> Result<Bool, USBError> {
        let code = libusb_kernel_driver_active(handle, Int32(interface))
        return check(code).map { code == 1 }
    }

    /// `libusb_detach_kernel_driver`.
    static func detachKernelDriver(
        _ handle: OpaquePointer, interface: UInt8
    ) -> Result<Void, USBError> {
        check(libusb_detach_kernel_driver(handle, Int32(interface)))
    }

    /// `libusb_attach_kernel_driver`.
    static func attachKernelDriver(
        _ handle: OpaquePointer, interface: UInt8
    ) -> Result<Void, USBError> {
        check(libusb_attach_kernel_driver(handle, Int32(interface)))
    }

    /// `libusb_claim_interface`.
    static func claimInterface(_ handle: OpaquePointer, _ interface: UInt8) -> Result<
        Void, USBError
    > {
        check(libusb_claim_interface(handle, Int32(interface)))
    }

    /// `libusb_release_interface`.
    static func releaseInterface(
        _ handle: OpaquePointer, _ interface: UInt8
    ) -> Result<Void, USBError> {
        check(libusb_release_interface(handle, Int32(interface)))
    }

    /// `libusb_bulk_transfer` of `length` bytes at `data` (blocking): the count moved.
    ///
    /// A timeout after some bytes moved counts as success with those bytes: they are real,
    /// and an IN transfer that ended on a full packet may simply have had no more to send.
    static func bulkTransfer(
        _ handle: OpaquePointer, endpoint: UInt8, data: UnsafeMutablePointer<UInt8>, length: Int,
        timeoutMilliseconds: UInt32
    ) -> Result<Int, USBError> {
        var transferred: Int32 = 0
        let code = libusb_bulk_transfer(
            handle, endpoint, data, Int32(clamping: length), &transferred, timeoutMilliseconds)
        if code == 0 || (code == LIBUSB_ERROR_TIMEOUT.rawValue && transferred > 0) {
            return .success(Int(transferred))
        }
        return .failure(USBError(rawValue: code))
    }
}
