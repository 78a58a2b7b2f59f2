/// Why a virtual USB device could not be set up.
public enum VirtualUSBError: Error, Sendable, Hashable, CustomStringConvertible {
    /// umockdev could not create the testbed or attach the ioctl handler (details on stderr).
    case testbedFailed

    public var description: String {
        switch self {
        case .testbedFailed: "umockdev could not create the virtual USB device"
        }
    }
}
