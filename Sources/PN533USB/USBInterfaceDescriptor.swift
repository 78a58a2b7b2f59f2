/// One alternate setting of a USB interface, as a configuration descriptor lists it.
public struct USBInterfaceDescriptor: Sendable, Hashable {
    /// `bInterfaceNumber`.
    public var number: UInt8
    /// `bAlternateSetting`.
    public var alternateSetting: UInt8
    /// The endpoints of this setting, in descriptor order.
    public var endpoints: [USBEndpointDescriptor]

    /// An interface setting from its number, alternate setting and endpoints.
    public init(number: UInt8, alternateSetting: UInt8 = 0, endpoints: [USBEndpointDescriptor]) {
        self.number = number
        self.alternateSetting = alternateSetting
        self.endpoints = endpoints
    }
}
