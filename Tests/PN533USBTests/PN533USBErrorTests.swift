import PN533
import Testing

@testable import PN533USB

@Suite struct PN533USBErrorTests {
    static let reader = PN533USBDeviceInfo(
        index: 0, model: PN533USBModel.known[0], bus: 3, address: 7, portPath: [2])

    static func classify(_ call: String, _ error: USBError) -> PN533USBError {
        PN533USBError(USBCallFailure(call: call, error: error), device: reader)
    }

    @Test("libusb failures are classified by call and code")
    func classifiesFailures() {
        #expect(Self.classify("libusb_open", .access) == .permissionDenied(Self.reader))
        #expect(Self.classify("libusb_claim_interface", .busy) == .busy(Self.reader))
        #expect(Self.classify("libusb_claim_interface", .noDevice) == .disconnected(Self.reader))
        #expect(
            Self.classify("libusb_detach_kernel_driver", .access)
                == .kernelDriverNotDetached(Self.reader, .access))
        #expect(
            Self.classify("libusb_get_active_config_descriptor", .io)
                == .libusb(
                    call: "libusb_get_active_config_descriptor", error: .io, device: Self.reader))
        #expect(
            PN533USBError(USBCallFailure(call: "libusb_init", error: .other), device: nil)
                == .libusb(call: "libusb_init", error: .other, device: nil))
    }

    @Test("permission denied names the device node and prints the udev rules and the reload")
    func permissionDeniedFix() {
        let message = PN533USBError.permissionDenied(Self.reader).description
        #expect(
            message.hasPrefix(
                "permission denied opening NXP PN533 (04cc:2533) at 003:007 (/dev/bus/usb/003/007)\nfix: "
            ))
        #expect(message.contains(PN533USBUdevRules.contents))
        #expect(message.contains("sudo tee /etc/udev/rules.d/60-nfcrig.rules"))
        #expect(message.contains("sudo udevadm control --reload-rules && sudo udevadm trigger"))
        #expect(message.contains("sudo usermod -aG plugdev"))
    }

    @Test("a busy reader's fix says how to stop pcscd and find the process holding it")
    func busyFix() {
        let message = PN533USBError.busy(Self.reader).description
        #expect(message.hasPrefix("NXP PN533 (04cc:2533) at 003:007 is busy"))
        #expect(message.contains("pcscd"))
        #expect(message.contains("sudo systemctl stop pcscd.socket pcscd.service"))
        #expect(message.contains("sudo fuser -v /dev/bus/usb/003/007"))
    }

    @Test("a kernel driver that stays attached is unloaded and blacklisted")
    func kernelDriverFix() {
        let message = PN533USBError.kernelDriverNotDetached(Self.reader, .access).description
        #expect(message.contains("pn533_usb"))
        #expect(message.contains("LIBUSB_ERROR_ACCESS"))
        #expect(message.contains("sudo modprobe -r pn533_usb"))
        #expect(message.contains("blacklist pn533_usb"))
    }

    @Test("a reader gone mid-command says so and how to find it again")
    func disconnectedFix() {
        let message = PN533USBError.disconnected(Self.reader).description
        #expect(message.hasPrefix("NXP PN533 (04cc:2533) at 003:007 disconnected"))
        #expect(message.contains("nfcrig devices"))
        #expect(message.contains("serial="))
    }

    @Test("the driver's disconnected transport error becomes the USB disconnected error")
    func explainsDriverErrors() {
        #expect(
            PN533USBError(PN533Error.transport(.disconnected), device: Self.reader)
                == .disconnected(Self.reader))
        #expect(PN533USBError(PN533Error.transport(.timeout), device: Self.reader) == nil)
    }

    @Test("no match lists what was found, or the IDs looked for when nothing was")
    func notFoundMessages() {
        let none = PN533USBError.notFound(.index(0), available: []).description
        #expect(
            none.hasPrefix(
                "no PN533 reader found on USB (looked for 04cc:2533, 04e6:5591, 04e6:5593, "
                    + "04e6:5594, 054c:02e1)\nfix: plug a reader in"))
        let other = PN533USBError.notFound(.serial("X"), available: [Self.reader]).description
        #expect(
            other.hasPrefix(
                "no PN533 reader matches 'serial=X'; found: 0: NXP PN533 (04cc:2533) at 003:007"))
    }

    @Test("unusable endpoints and other libusb failures name the device and the call")
    func otherMessages() {
        let endpoints = PN533USBError.unusableEndpoints(
            Self.reader, .noInterface(0, found: [])
        ).description
        #expect(
            endpoints.hasPrefix(
                "NXP PN533 (04cc:2533) at 003:007 cannot be used: the configuration has no "
                    + "interface 0 (interfaces found: none)\nfix: "))
        #expect(endpoints.contains("lsusb -v -d 04cc:2533"))
        let libusb = PN533USBError.libusb(
            call: "libusb_claim_interface", error: .io, device: Self.reader
        ).description
        #expect(
            libusb.hasPrefix(
                "libusb_claim_interface failed for NXP PN533 (04cc:2533) at 003:007: "
                    + "LIBUSB_ERROR_IO (input/output error)\nfix: "))
    }
}
