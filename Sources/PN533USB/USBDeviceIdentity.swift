/// What a device descriptor says about who a device is.
struct USBDeviceIdentity: Sendable, Hashable {
    /// `idVendor`.
    var vendorID: UInt16
    /// `idProduct`.
    var productID: UInt16
    /// `iSerialNumber`: the string descriptor index of the serial number, 0 for none.
    var serialNumberIndex: UInt8
}
