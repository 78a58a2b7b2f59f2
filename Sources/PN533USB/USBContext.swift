/// Owns one libusb context and ends it (`libusb_exit`) when the last owner lets go.
///
/// `@unchecked Sendable`: the pointer never changes after `init`, and libusb contexts may be
/// used from any thread; `libusb_exit` runs in `deinit`, when no handle or caller holds it.
final class USBContext: @unchecked Sendable {
    let pointer: OpaquePointer

    private init(pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// A new context that keeps libusb's log off stderr.
    static func make() -> Result<USBContext, USBCallFailure> {
        LibUSB.initialize()
            .mapError { USBCallFailure(call: "libusb_init", error: $0) }
            .map { pointer in
                // Silence is a nicety: a context that keeps logging still works.
                _ = LibUSB.silenceLogging(pointer)
                return USBContext(pointer: pointer)
            }
    }

    deinit {
        LibUSB.exit(pointer)
    }
}
