internal import CLibUSB

/// A libusb-1.0 error code (`libusb_error`) with a Swift name, as `Errno` wraps `errno`.
public struct USBError: RawRepresentable, Error, Sendable, Hashable, CustomStringConvertible {
    /// The `libusb_error` value: negative.
    public let rawValue: Int32

    /// Wraps a `libusb_error` value; any negative code is kept, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    init(_ code: libusb_error) { self.init(rawValue: code.rawValue) }

    /// Input/output error.
    ///
    /// The corresponding C value is `LIBUSB_ERROR_IO`.
    public static var io: USBError { USBError(LIBUSB_ERROR_IO) }

    /// A parameter libusb was given is invalid.
    ///
    /// The corresponding C value is `LIBUSB_ERROR_INVALID_PARAM`.
    public static var invalidParameter: USBError { USBError(LIBUSB_ERROR_INVALID_PARAM) }

    /// Access denied: the device node's permissions do not let this user open it.
    ///
    /// The corresponding C value is `LIBUSB_ERROR_ACCESS`.
    public static var access: USBError { USBError(LIBUSB_ERROR_ACCESS) }

    /// The device is gone: unplugged, reset or powered off.
    ///
    /// The corresponding C value is `LIBUSB_ERROR_NO_DEVICE`.
    public static var noDevice: USBError { USBError(LIBUSB_ERROR_NO_DEVICE) }

    /// Entity not found (e.g. no kernel driver to detach).
    ///
    /// The corresponding C value is `LIBUSB_ERROR_NOT_FOUND`.
    public static var notFound: USBError { USBError(LIBUSB_ERROR_NOT_FOUND) }

    /// Resource busy: another program or driver has claimed the interface.
    ///
    /// The corresponding C value is `LIBUSB_ERROR_BUSY`.
    public static var busy: USBError { USBError(LIBUSB_ERROR_BUSY) }

    /// The operation timed out.
    ///
    /// The corresponding C value is `LIBUSB_ERROR_TIMEOUT`.
    public static var timeout: USBError { USBError(LIBUSB_ERROR_TIMEOUT) }

    /// The device sent more data than the buffer holds.
    ///
    /// The corresponding C value is `LIBUSB_ERROR_OVERFLOW`.
    public static var overflow: USBError { USBError(LIBUSB_ERROR_OVERFLOW) }

    /// Pipe error: the endpoint stalled.
    ///
    /// The corresponding C value is `LIBUSB_ERROR_PIPE`.
    public static var pipe: USBError { USBError(LIBUSB_ERROR_PIPE) }

    /// A system call was interrupted.
    ///
    /// The corresponding C value is `LIBUSB_ERROR_INTERRUPTED`.
    public static var interrupted: USBError { USBError(LIBUSB_ERROR_INTERRUPTED) }

    /// Out of memory.
    ///
    /// The corresponding C value is `LIBUSB_ERROR_NO_MEM`.
    public static var noMemory: USBError { USBError(LIBUSB_ERROR_NO_MEM) }

    /// The operation is not supported on this platform or by this driver.
    ///
    /// The corresponding C value is `LIBUSB_ERROR_NOT_SUPPORTED`.
    public static var notSupported: USBError { USBError(LIBUSB_ERROR_NOT_SUPPORTED) }

    /// Any other error.
    ///
    /// The corresponding C value is `LIBUSB_ERROR_OTHER`.
    public static var other: USBError { USBError(LIBUSB_ERROR_OTHER) }

    /// Every code libusb-1.0 defines, in the header's order.
    public static let allKnown: [USBError] = [
        .io, .invalidParameter, .access, .noDevice, .notFound, .busy, .timeout, .overflow,
        .pipe, .interrupted, .noMemory, .notSupported, .other,
    ]

    /// The C name, e.g. `LIBUSB_ERROR_ACCESS`, or `libusb error -42` for an unknown code.
    public var name: String {
        Self.names[rawValue]?.name ?? "libusb error \(rawValue)"
    }

    /// What the code means, in words.
    public var meaning: String {
        Self.names[rawValue]?.meaning ?? "unknown libusb error"
    }

    /// The C name and its meaning, e.g. `LIBUSB_ERROR_BUSY (resource busy)`.
    public var description: String { "\(name) (\(meaning))" }

    // Written out, not taken from libusb_error_name(), so messages do not depend on which
    // libusb build is installed and tests can check them.
    private static let names: [Int32: (name: String, meaning: String)] = [
        LIBUSB_ERROR_IO.rawValue: ("LIBUSB_ERROR_IO", "input/output error"),
        LIBUSB_ERROR_INVALID_PARAM.rawValue: ("LIBUSB_ERROR_INVALID_PARAM", "invalid parameter"),
        LIBUSB_ERROR_ACCESS.rawValue: ("LIBUSB_ERROR_ACCESS", "access denied"),
        LIBUSB_ERROR_NO_DEVICE.rawValue: ("LIBUSB_ERROR_NO_DEVICE", "no such device"),
        LIBUSB_ERROR_NOT_FOUND.rawValue: ("LIBUSB_ERROR_NOT_FOUND", "entity not found"),
        LIBUSB_ERROR_BUSY.rawValue: ("LIBUSB_ERROR_BUSY", "resource busy"),
        LIBUSB_ERROR_TIMEOUT.rawValue: ("LIBUSB_ERROR_TIMEOUT", "operation timed out"),
        LIBUSB_ERROR_OVERFLOW.rawValue: ("LIBUSB_ERROR_OVERFLOW", "overflow"),
        LIBUSB_ERROR_PIPE.rawValue: ("LIBUSB_ERROR_PIPE", "pipe error (endpoint stalled)"),
        LIBUSB_ERROR_INTERRUPTED.rawValue: (
            "LIBUSB_ERROR_INTERRUPTED", "system call interrupted"
        ),
        LIBUSB_ERROR_NO_MEM.rawValue: ("LIBUSB_ERROR_NO_MEM", "insufficient memory"),
        LIBUSB_ERROR_NOT_SUPPORTED.rawValue: (
            "LIBUSB_ERROR_NOT_SUPPORTED", "operation not supported"
        ),
        LIBUSB_ERROR_OTHER.rawValue: ("LIBUSB_ERROR_OTHER", "other error"),
    ]
}
