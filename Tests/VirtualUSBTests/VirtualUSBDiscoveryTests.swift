import PN533
import PN533Sim
import PN533USB
import Testing
import VirtualUSB

/// nfcrig's real libusb transport against a simulated PN533 on umockdev's virtual USB.
@Suite(
    .serialized, .timeLimit(.minutes(1)),
    .enabled(
        if: VirtualPN533Device.isEnabled,
        "needs umockdev-wrapper and NFCRIG_VIRTUAL_USB=1 (make test runs it so)")
)
struct VirtualUSBTests {
    @Test func libusbFindsTheVirtualReaderAndReadsItsFirmware() async throws {
        let device = try SharedVirtualReader.device()
        try #require(device.bus.inMockEnvironment)

        let readers = try await PN533USBDevice.listDevices()
        #expect(readers.map(\.model.ids) == ["04cc:2533"])
        #expect(readers.first?.location == "001:002")

        let version = try await PN533USBDevice.withTransport(.index(0)) { transport, _ in
            try await PN533Device(transport: transport).open()
        }
        #expect(version == PN533FirmwareVersion(ic: 0x33, version: 2, revision: 7, support: 7))
        #expect(libusbStrings() == ["NXP", "PN533"])
        _ = device
    }
}
