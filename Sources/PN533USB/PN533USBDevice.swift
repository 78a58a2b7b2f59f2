/// Finding and opening PN533 readers on USB.
public enum PN533USBDevice {
    /// Every known reader on USB (see `PN533USBModel.known`), ordered by bus, port path and
    /// address; empty, not an error, when none is plugged in.
    public static func listDevices() async throws(PN533USBError) -> [PN533USBDeviceInfo] {
        try await USBWorkQueue(label: "nfcrig.usb.list").run {
            USBContext.make()
                .mapError { PN533USBError($0, device: nil) }
                .flatMap { context in
                    USBReaderDiscovery.withReaders(in: context) { .success($0.map(\.info)) }
                }
        }.get()
    }

    /// Opens the reader `selector` picks, claimed and ready for `PN533Device(transport:)`;
    /// call `close()` on the transport when done, or use `withTransport(_:_:)`.
    public static func open(
        _ selector: PN533USBSelector
    ) async throws(PN533USBError) -> (transport: PN533USBTransport, info: PN533USBDeviceInfo) {
        let queue = USBWorkQueue(label: "nfcrig.usb \(selector)")
        let connection = try await queue.run { USBReaderConnection.open(selector) }.get()
        return (PN533USBTransport(connection, queue: queue), connection.info)
    }

    /// Opens the reader `selector` picks, runs `body`, and closes the reader afterwards even
    /// when `body` throws.
    public static func withTransport<R>(
        _ selector: PN533USBSelector,
        _ body: (PN533USBTransport, PN533USBDeviceInfo) async throws -> R
    ) async throws -> R {
        let (transport, info) = try await open(selector)
        return try await transport.closeAfter { transport in try await body(transport, info) }
    }
}
