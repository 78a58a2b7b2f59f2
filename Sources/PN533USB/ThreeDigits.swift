/// Three decimal digits, as `lsusb` and `/dev/bus/usb` write bus and device numbers.
func threeDigits(_ value: UInt8) -> String {
    let digits = String(value)
    return String(repeating: "0", count: 3 - digits.count) + digits
}
