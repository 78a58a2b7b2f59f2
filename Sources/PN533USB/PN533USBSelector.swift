/// Which reader to open: by position, by USB location, or by serial number.
public enum PN533USBSelector: Sendable, Hashable, CustomStringConvertible {
    /// The n-th reader of `PN533USBDevice.listDevices()`, from 0.
    case index(Int)
    /// The reader at this bus and device address.
    case location(bus: UInt8, address: UInt8)
    /// The reader with this serial number string.
    case serial(String)

    /// Parses `0` (an index), `3:7` or `003:007` (bus:address), `serial=XYZ`, or a bare
    /// serial number (anything else without `:` or `=`).
    ///
    /// - Throws: `PN533USBSelectorError` quoting `text` and saying what is wrong with it.
    public init(parsing text: String) throws(PN533USBSelectorError) {
        func fail(_ reason: String) -> PN533USBSelectorError {
            PN533USBSelectorError(input: text, reason: reason)
        }
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { throw fail("it is empty") }
        if trimmed.hasPrefix("serial=") {
            let serial = String(trimmed.dropFirst("serial=".count))
            guard !serial.isEmpty else { throw fail("the serial number after 'serial=' is empty") }
            self = .serial(serial)
        } else if trimmed.allSatisfy(\.isASCIIDigit) {
            guard let index = Int(trimmed) else { throw fail("the index is too large") }
            self = .index(index)
        } else if trimmed.contains(":") {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw fail("bus:address has one ':', not more") }
            let bus = try Self.number(parts[0], named: "bus", in: 1...255, fail: fail)
            let address = try Self.number(parts[1], named: "address", in: 1...127, fail: fail)
            self = .location(bus: UInt8(bus), address: UInt8(address))
        } else if let equals = trimmed.firstIndex(of: "=") {
            throw fail("unknown key '\(trimmed[..<equals])' (the only key is 'serial')")
        } else if trimmed.contains(where: \.isWhitespace) {
            throw fail("a serial number has no spaces (quote it as serial=... if it does)")
        } else {
            self = .serial(trimmed)
        }
    }

    private static func number(
        _ part: Substring, named name: String, in range: ClosedRange<Int>,
        fail: (String) -> PN533USBSelectorError
    ) throws(PN533USBSelectorError) -> Int {
        guard !part.isEmpty else { throw fail("the \(name) is missing") }
        guard part.allSatisfy(\.isASCIIDigit), part.count <= 3, let value = Int(part) else {
            throw fail("the \(name) '\(part)' is not a number of at most 3 digits")
        }
        guard range.contains(value) else {
            throw fail(
                "the \(name) \(value) is out of range "
                    + "\(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// The first of `devices` this selector picks, if any.
    public func select(from devices: [PN533USBDeviceInfo]) -> PN533USBDeviceInfo? {
        devices.first { device in
            switch self {
            case .index(let index): device.index == index
            case .location(let bus, let address): device.bus == bus && device.address == address
            case .serial(let serial): device.serialNumber == serial
            }
        }
    }

    /// The selector as it would be typed: `0`, `003:007`, `serial=XYZ`.
    public var description: String {
        switch self {
        case .index(let index): String(index)
        case .location(let bus, let address): "\(threeDigits(bus)):\(threeDigits(address))"
        case .serial(let serial): "serial=\(serial)"
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
