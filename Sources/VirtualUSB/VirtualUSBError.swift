/// Why a virtual USB device could not be set up.
public enum VirtualUSBError: Error, Sendable, Hashable, CustomStringConvertible {
    /// umockdev could not create the testbed or attach the ioctl handler (details on stderr).
    case testbedFailed
    /// The USB address is taken on the bus, or outside 1...127 (0: no address left).
    case addressInUse(UInt8)

    public var description: String {
        switch self {
        case .testbedFailed: "umockdev could not create the virtual USB device"
        case .addressInUse(0): "no free USB address left on the virtual bus"
        case .addressInUse(let address):
            "USB address \(address) is taken on the virtual bus or outside 1...127"
        }
    }
}
