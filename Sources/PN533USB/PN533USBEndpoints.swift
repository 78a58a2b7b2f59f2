/// The bulk endpoint pair a PN533 reader talks over, found in its configuration descriptor.
public struct PN533USBEndpoints: Sendable, Hashable {
    /// The interface the pair belongs to (0 on every known reader).
    public var interface: UInt8
    /// The bulk IN endpoint address (0x84 on every known reader, but read, not assumed).
    public var bulkIn: UInt8
    /// The bulk OUT endpoint address (0x04 on every known reader).
    public var bulkOut: UInt8
    /// The bulk IN packet size in bytes.
    public var inPacketSize: Int
    /// The bulk OUT packet size in bytes: a write of a multiple of it needs a zero-length packet.
    public var outPacketSize: Int

    /// An endpoint pair from its parts.
    public init(
        interface: UInt8, bulkIn: UInt8, bulkOut: UInt8, inPacketSize: Int, outPacketSize: Int
    ) {
        self.interface = interface
        self.bulkIn = bulkIn
        self.bulkOut = bulkOut
        self.inPacketSize = inPacketSize
        self.outPacketSize = outPacketSize
    }

    /// Picks the first bulk IN and the first bulk OUT endpoint of `interface`'s alternate
    /// setting 0, as libnfc does; interrupt endpoints some readers add are skipped.
    ///
    /// - Throws: `PN533USBEndpointError` naming what the descriptor holds instead.
    public static func select(
        from interfaces: [USBInterfaceDescriptor], interface: UInt8 = 0
    ) throws(PN533USBEndpointError) -> PN533USBEndpoints {
        guard
            let setting = interfaces.first(where: {
                $0.number == interface && $0.alternateSetting == 0
            })
        else {
            throw .noInterface(interface, found: interfaces.map(\.number))
        }
        let endpoints = setting.endpoints
        guard let bulkIn = endpoints.first(where: { $0.isBulk && $0.isIn }) else {
            throw .noBulkEndpoint(direction: .in, interface: interface, found: endpoints)
        }
        guard let bulkOut = endpoints.first(where: { $0.isBulk && !$0.isIn }) else {
            throw .noBulkEndpoint(direction: .out, interface: interface, found: endpoints)
        }
        for endpoint in [bulkIn, bulkOut] where endpoint.packetSize == 0 {
            throw .zeroPacketSize(endpoint)
        }
        return PN533USBEndpoints(
            interface: interface, bulkIn: bulkIn.address, bulkOut: bulkOut.address,
            inPacketSize: bulkIn.packetSize, outPacketSize: bulkOut.packetSize)
    }
}
