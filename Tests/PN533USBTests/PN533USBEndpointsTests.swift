import PN533USB
import Testing

@Suite struct PN533USBEndpointsTests {
    static let bulkOut = USBEndpointDescriptor(address: 0x04, attributes: 0x02, maxPacketSize: 64)
    static let bulkIn = USBEndpointDescriptor(address: 0x84, attributes: 0x02, maxPacketSize: 64)
    static let interruptIn = USBEndpointDescriptor(
        address: 0x81, attributes: 0x03, maxPacketSize: 8)

    @Test("a PN533's interface 0 yields bulk OUT 0x04 and bulk IN 0x84 with 64-byte packets")
    func selectsPN533Endpoints() throws {
        let endpoints = try PN533USBEndpoints.select(from: [
            USBInterfaceDescriptor(number: 0, endpoints: [Self.bulkOut, Self.bulkIn])
        ])
        #expect(
            endpoints
                == PN533USBEndpoints(
                    interface: 0, bulkIn: 0x84, bulkOut: 0x04, inPacketSize: 64, outPacketSize: 64))
    }

    @Test("endpoint addresses and packet sizes are read from the descriptor, not assumed")
    func readsOtherAddresses() throws {
        let endpoints = try PN533USBEndpoints.select(from: [
            USBInterfaceDescriptor(
                number: 0,
                endpoints: [
                    Self.interruptIn,
                    USBEndpointDescriptor(address: 0x82, attributes: 0x02, maxPacketSize: 512),
                    USBEndpointDescriptor(address: 0x01, attributes: 0x02, maxPacketSize: 512),
                ])
        ])
        #expect(endpoints.bulkIn == 0x82)
        #expect(endpoints.bulkOut == 0x01)
        #expect(endpoints.inPacketSize == 512)
        #expect(endpoints.outPacketSize == 512)
    }

    @Test("only alternate setting 0 of the requested interface counts")
    func usesAlternateSettingZero() throws {
        let endpoints = try PN533USBEndpoints.select(from: [
            USBInterfaceDescriptor(number: 1, endpoints: [Self.interruptIn]),
            USBInterfaceDescriptor(number: 0, alternateSetting: 1, endpoints: []),
            USBInterfaceDescriptor(number: 0, endpoints: [Self.bulkIn, Self.bulkOut]),
        ])
        #expect(endpoints.bulkIn == 0x84)
    }

    @Test("a missing interface is reported with the interfaces that were found")
    func reportsMissingInterface() {
        let error = #expect(throws: PN533USBEndpointError.self) {
            try PN533USBEndpoints.select(from: [
                USBInterfaceDescriptor(number: 1, endpoints: [Self.bulkIn, Self.bulkOut])
            ])
        }
        #expect(error == .noInterface(0, found: [1]))
        #expect(error?.description == "the configuration has no interface 0 (interfaces found: 1)")
    }

    @Test("a missing bulk endpoint is reported with every endpoint that was found")
    func reportsMissingBulkEndpoint() {
        let error = #expect(throws: PN533USBEndpointError.self) {
            try PN533USBEndpoints.select(from: [
                USBInterfaceDescriptor(number: 0, endpoints: [Self.interruptIn, Self.bulkIn])
            ])
        }
        #expect(
            error
                == .noBulkEndpoint(
                    direction: .out, interface: 0, found: [Self.interruptIn, Self.bulkIn]))
        #expect(
            error?.description
                == "interface 0 has no bulk OUT endpoint (endpoints found: "
                + "0x81 interrupt IN, 8 bytes; 0x84 bulk IN, 64 bytes)")
    }

    @Test("an interface without endpoints says none were found")
    func reportsNoEndpoints() {
        let error = #expect(throws: PN533USBEndpointError.self) {
            try PN533USBEndpoints.select(from: [USBInterfaceDescriptor(number: 0, endpoints: [])])
        }
        #expect(error?.description == "interface 0 has no bulk IN endpoint (endpoints found: none)")
    }

    @Test("a bulk endpoint with a packet size of 0 is refused")
    func refusesZeroPacketSize() {
        let broken = USBEndpointDescriptor(address: 0x04, attributes: 0x02, maxPacketSize: 0)
        let error = #expect(throws: PN533USBEndpointError.self) {
            try PN533USBEndpoints.select(from: [
                USBInterfaceDescriptor(number: 0, endpoints: [Self.bulkIn, broken])
            ])
        }
        #expect(error == .zeroPacketSize(broken))
    }

    @Test("an endpoint descriptor decodes direction, type and the packet-size bits")
    func decodesEndpointDescriptor() {
        let highBandwidth = USBEndpointDescriptor(
            address: 0x02, attributes: 0x02, maxPacketSize: 0x1200)
        #expect(highBandwidth.packetSize == 512)
        #expect(!highBandwidth.isIn)
        #expect(Self.bulkIn.isIn && Self.bulkIn.isBulk)
        #expect(!Self.interruptIn.isBulk)
        #expect(Self.bulkOut.description == "0x04 bulk OUT, 64 bytes")
    }
}
