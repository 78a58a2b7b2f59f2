import HexText

/// The fields of a USB endpoint descriptor that endpoint selection looks at.
public struct USBEndpointDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// `bEndpointAddress`: number in bits 0–3, direction in bit 7 (set for IN).
    public var address: UInt8
    /// `bmAttributes`: transfer type in bits 0–1 (2 is bulk).
    public var attributes: UInt8
    /// `wMaxPacketSize` as the descriptor gives it (bits 11–12 count extra high-speed transactions).
    public var maxPacketSize: UInt16

    /// An endpoint descriptor from its three fields.
    public init(address: UInt8, attributes: UInt8, maxPacketSize: UInt16) {
        self.address = address
        self.attributes = attributes
        self.maxPacketSize = maxPacketSize
    }

    /// Whether data flows device → host.
    public var isIn: Bool { address & 0x80 != 0 }

    /// Whether this is a bulk endpoint.
    public var isBulk: Bool { attributes & 0x03 == 0x02 }

    /// The packet size in bytes: bits 0–10 of `wMaxPacketSize`.
    public var packetSize: Int { Int(maxPacketSize & 0x07FF) }

    /// E.g. `0x84 bulk IN, 64 bytes`.
    public var description: String {
        let types = ["control", "isochronous", "bulk", "interrupt"]
        return "0x\(Hex.digits(address)) \(types[Int(attributes & 0x03)]) "
            + "\(isIn ? "IN" : "OUT"), \(packetSize) bytes"
    }
}
