/// Finds the known readers among the devices a libusb context sees.
enum USBReaderDiscovery {
    /// One reader: its description and its libusb device, valid only inside `withReaders`.
    struct Reader {
        let info: PN533USBDeviceInfo
        let device: OpaquePointer
    }

    /// Runs `body` over the known readers, ordered by bus, port path and address (so indices
    /// stay put while readers stay in their sockets), while their devices are valid.
    static func withReaders<T>(
        in context: USBContext, _ body: ([Reader]) -> Result<T, PN533USBError>
    ) -> Result<T, PN533USBError> {
        LibUSB.withDeviceList(context.pointer) { devices in
            body(readers(among: devices, context: context))
        }
        .mapError {
            PN533USBError(USBCallFailure(call: "libusb_get_device_list", error: $0), device: nil)
        }
        .flatMap { $0 }
    }

    private static func readers(among devices: [OpaquePointer], context: USBContext) -> [Reader] {
        var readers: [Reader] = []
        for device in devices {
            guard case .success(let identity) = LibUSB.deviceDescriptor(device),
                let model = PN533USBModel.model(
                    vendorID: identity.vendorID, productID: identity.productID)
            else { continue }
            let location = LibUSB.location(device)
            let serial = serialNumber(
                of: device, index: identity.serialNumberIndex, context: context)
            let info = PN533USBDeviceInfo(
                index: 0, model: model, bus: location.bus, address: location.address,
                portPath: location.ports, serialNumber: serial)
            readers.append(Reader(info: info, device: device))
        }
        readers.sort { precedes($0.info, $1.info) }
        return readers.enumerated().map { index, reader in
            var info = reader.info
            info.index = index
            return Reader(info: info, device: reader.device)
        }
    }

    /// The serial number string; `nil` when there is none or this user may not open the
    /// device (opening reports that properly later).
    private static func serialNumber(
        of device: OpaquePointer, index: UInt8, context: USBContext
    ) -> String? {
        guard index != 0, case .success(let handle) = USBDeviceHandle.open(device, context: context)
        else { return nil }
        defer { handle.close() }
        guard case .success(let serial) = handle.string(index: index), !serial.isEmpty else {
            return nil
        }
        return serial
    }

    private static func precedes(_ lhs: PN533USBDeviceInfo, _ rhs: PN533USBDeviceInfo) -> Bool {
        if lhs.bus != rhs.bus { return lhs.bus < rhs.bus }
        if lhs.portPath != rhs.portPath {
            return lhs.portPath.lexicographicallyPrecedes(rhs.portPath)
        }
        return lhs.address < rhs.address
    }
}
