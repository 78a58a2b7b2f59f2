/// One PN533 reader found on USB: what it is and where it sits.
public struct PN533USBDeviceInfo: Sendable, Hashable {
    /// Its position in `PN533USBDevice.listDevices()`, the order of bus and port path.
    public var index: Int
    /// The model its VID:PID names.
    public var model: PN533USBModel
    /// The USB bus number.
    public var bus: UInt8
    /// The device address on the bus (changes on every replug).
    public var address: UInt8
    /// The ports from the root hub down (stable while the reader stays in the same socket).
    public var portPath: [UInt8]
    /// The serial number string, when the device has one and this user may read it.
    public var serialNumber: String?

    /// A device description from its parts.
    public init(
        index: Int, model: PN533USBModel, bus: UInt8, address: UInt8, portPath: [UInt8] = [],
        serialNumber: String? = nil
    ) {
        self.index = index
        self.model = model
        self.bus = bus
        self.address = address
        self.portPath = portPath
        self.serialNumber = serialNumber
    }

    /// `bus:address` with three digits each, as `lsusb` and `/dev/bus/usb` write them: `003:007`.
    public var location: String { "\(threeDigits(bus)):\(threeDigits(address))" }

    /// The usbfs node libusb opens: `/dev/bus/usb/003/007`.
    public var devicePath: String { "/dev/bus/usb/\(threeDigits(bus))/\(threeDigits(address))" }

    /// The sysfs name: bus, then ports joined by dots, e.g. `3-1.2`; `nil` when unknown.
    public var portPathName: String? {
        portPath.isEmpty
            ? nil : "\(bus)-" + portPath.map { String($0) }.joined(separator: ".")
    }

    /// The selector that picks this device while it stays plugged in.
    public var selector: PN533USBSelector { .location(bus: bus, address: address) }

    /// E.g. `NXP PN533 (04cc:2533) at 003:007`.
    public var summary: String { "\(model.name) (\(model.ids)) at \(location)" }
}
