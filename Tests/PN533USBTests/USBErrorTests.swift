import CLibUSB
import PN533USB
import Testing

@Suite struct USBErrorTests {
    @Test("each USBError carries its libusb_error value and C name")
    func matchesLibUSB() {
        let expected: [(USBError, libusb_error, String)] = [
            (.io, LIBUSB_ERROR_IO, "LIBUSB_ERROR_IO"),
            (.invalidParameter, LIBUSB_ERROR_INVALID_PARAM, "LIBUSB_ERROR_INVALID_PARAM"),
            (.access, LIBUSB_ERROR_ACCESS, "LIBUSB_ERROR_ACCESS"),
            (.noDevice, LIBUSB_ERROR_NO_DEVICE, "LIBUSB_ERROR_NO_DEVICE"),
            (.notFound, LIBUSB_ERROR_NOT_FOUND, "LIBUSB_ERROR_NOT_FOUND"),
            (.busy, LIBUSB_ERROR_BUSY, "LIBUSB_ERROR_BUSY"),
            (.timeout, LIBUSB_ERROR_TIMEOUT, "LIBUSB_ERROR_TIMEOUT"),
            (.overflow, LIBUSB_ERROR_OVERFLOW, "LIBUSB_ERROR_OVERFLOW"),
            (.pipe, LIBUSB_ERROR_PIPE, "LIBUSB_ERROR_PIPE"),
            (.interrupted, LIBUSB_ERROR_INTERRUPTED, "LIBUSB_ERROR_INTERRUPTED"),
            (.noMemory, LIBUSB_ERROR_NO_MEM, "LIBUSB_ERROR_NO_MEM"),
            (.notSupported, LIBUSB_ERROR_NOT_SUPPORTED, "LIBUSB_ERROR_NOT_SUPPORTED"),
            (.other, LIBUSB_ERROR_OTHER, "LIBUSB_ERROR_OTHER"),
        ]
        #expect(USBError.allKnown == expected.map(\.0))
        for (error, code, name) in expected {
            #expect(error.rawValue == code.rawValue)
            #expect(error.name == name)
            // libusb's own name for the code agrees with ours.
            #expect(String(cString: libusb_error_name(code.rawValue)) == name)
        }
    }

    @Test("an error prints its C name and meaning; an unknown code prints its number")
    func describesErrors() {
        #expect(USBError.access.description == "LIBUSB_ERROR_ACCESS (access denied)")
        #expect(USBError(rawValue: -42).description == "libusb error -42 (unknown libusb error)")
        #expect(USBError(rawValue: LIBUSB_ERROR_BUSY.rawValue) == .busy)
    }
}
