import CLibUSB

/// String descriptors 1 and 2 of the first 04cc:2533 libusb opens, read straight through
/// libusb (nfcrig's transport reads only the serial number, which the PN533 lacks).
func libusbStrings() -> [String]? {
    var context: OpaquePointer?
    guard libusb_init(&context) == 0, let context else { return nil }
    defer { libusb_exit(context) }
    guard let handle = libusb_open_device_with_vid_pid(context, 0x04cc, 0x2533) else {
        return nil
    }
    defer { libusb_close(handle) }
    return [1, 2].map { (index: UInt8) -> String in
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = libusb_get_string_descriptor_ascii(handle, index, &buffer, 64)
        return count < 0
            ? "error \(count)" : String(decoding: buffer.prefix(Int(count)), as: UTF8.self)
    }
}
