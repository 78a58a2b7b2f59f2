/// An open reader with its interface claimed: the handle, what it is, and its endpoints.
struct USBReaderConnection: Sendable {
    let handle: USBDeviceHandle
    let info: PN533USBDeviceInfo
    let endpoints: PN533USBEndpoints

    /// Finds the reader `selector` picks and opens it: `libusb_open`, endpoints from the
    /// active configuration, kernel driver detached, interface claimed. A failure after
    /// `libusb_open` closes the handle before it returns.
    ///
    /// No `libusb_set_configuration`: the kernel selected the only configuration at
    /// enumeration, and setting it again would reset the device for nothing.
    static func open(_ selector: PN533USBSelector) -> Result<USBReaderConnection, PN533USBError> {
        USBContext.make()
            .mapError { PN533USBError($0, device: nil) }
            .flatMap { context in
                USBReaderDiscovery.withReaders(in: context) { readers in
                    guard let chosen = selector.select(from: readers.map(\.info)),
                        let reader = readers.first(where: { $0.info == chosen })
                    else {
                        return .failure(.notFound(selector, available: readers.map(\.info)))
                    }
                    return open(reader, context: context)
                }
            }
    }

    private static func open(
        _ reader: USBReaderDiscovery.Reader, context: USBContext
    ) -> Result<USBReaderConnection, PN533USBError> {
        let info = reader.info
        let handle: USBDeviceHandle
        switch USBDeviceHandle.open(reader.device, context: context) {
        case .success(let opened): handle = opened
        case .failure(let failure): return .failure(PN533USBError(failure, device: info))
        }
        let connection = handle.activeConfiguration()
            .mapError { PN533USBError($0, device: info) }
            .flatMap { interfaces in
                Result { () throws(PN533USBEndpointError) in
                    try PN533USBEndpoints.select(from: interfaces)
                }
                .mapError { PN533USBError.unusableEndpoints(info, $0) }
            }
            .flatMap { endpoints in
                handle.claim(interface: endpoints.interface)
                    .mapError { PN533USBError($0, device: info) }
                    .map { USBReaderConnection(handle: handle, info: info, endpoints: endpoints) }
            }
        if case .failure = connection { handle.close() }
        return connection
    }
}
