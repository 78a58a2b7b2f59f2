import HexText

/// Where a USB device sits on its host: the bus number and device address every usbmon
/// header carries. A usbmon packet cannot carry the vendor and product ID (Wireshark learns
/// them from descriptor requests, which a trace does not record), so this address is how
/// Wireshark is told which device's transfers are PN533 frames.
public struct USBDeviceAddress: Sendable, Hashable {
    /// The bus number (usbmon `busnum`).
    public var bus: UInt16
    /// The device address on that bus (usbmon `devnum`, 1–127).
    public var device: UInt8

    /// The device at `device` on bus `bus`.
    public init(bus: UInt16, device: UInt8) {
        self.bus = bus
        self.device = device
    }

    /// The address nfcrig gives a simulated chip that has no real one: bus 1, device
    /// `2 + index` (address 1 is the root hub on Linux). Deterministic, so that a Wireshark
    /// profile may name the addresses once.
    public static func simulatedChip(_ index: Int) -> USBDeviceAddress {
        USBDeviceAddress(bus: 1, device: UInt8(clamping: 2 + max(0, index)))
    }

    /// `bus << 16 | device`: the key of Wireshark's "USB device" decode-as table.
    public var wiresharkDeviceKey: UInt32 { UInt32(bus) << 16 | UInt32(device) }

    /// `usb.device==0x00010002,pn532_hci`: what `tshark -d` (or a profile's decode-as
    /// entry) needs to read this device's bulk transfers as PN533 frames. Wireshark does so
    /// unasked only for the SCL3711 (04e6:5591), whose descriptors it must also have seen.
    public var wiresharkDecodeAs: String {
        "usb.device==0x\(Hex.digits(wiresharkDeviceKey)),pn532_hci"
    }
}
