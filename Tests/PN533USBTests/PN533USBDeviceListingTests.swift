import Foundation
import PN533USB
import Testing

@Suite struct PN533USBDeviceListingTests {
    @Test("listing runs against the real libusb and reports only known readers, in index order")
    func listsKnownReaders() async throws {
        let devices = try await PN533USBDevice.listDevices()
        #expect(devices.map(\.index) == Array(devices.indices))
        for device in devices {
            #expect(PN533USBModel.known.contains(device.model))
        }
    }

    @Test(
        "a machine without a USB bus lists no readers, and that is not an error",
        .enabled(if: !FileManager.default.fileExists(atPath: "/dev/bus/usb")))
    func listsNothingWithoutUSB() async throws {
        #expect(try await PN533USBDevice.listDevices().isEmpty)
    }

    @Test("opening a reader nobody has plugged in fails with not found, listing what there is")
    func openingAnAbsentReaderFails() async throws {
        let selector = PN533USBSelector.serial("nfcrig-no-such-reader")
        let available = try await PN533USBDevice.listDevices()
        let error = await #expect(throws: PN533USBError.self) {
            _ = try await PN533USBDevice.open(selector)
        }
        #expect(error == .notFound(selector, available: available))
    }
}
