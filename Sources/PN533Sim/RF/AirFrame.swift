import HexText
import PacketTrace

/// One frame on the air, as the receiving side's UART sees it: every byte transmitted,
/// including CRC_A bytes when the sender appended them, and the bits of the last byte.
public struct AirFrame: Sendable, Hashable, CustomStringConvertible {
    /// The bytes transmitted, CRC included when present.
    public var bytes: [UInt8]
    /// Valid bits in the last byte: 8 for whole bytes, 4 for an ACK/NAK, 7 for REQA/WUPA.
    public var lastByteBits: Int

    /// Creates a frame.
    public init(bytes: [UInt8], lastByteBits: Int = 8) {
        self.bytes = bytes
        self.lastByteBits = lastByteBits
    }

    /// A frame of whole bytes with CRC_A appended, as chips send by default.
    public static func withCRC(_ payload: [UInt8]) -> AirFrame {
        AirFrame(bytes: CRCA.appending(to: payload))
    }

    /// The payload when the frame ends in a correct CRC_A.
    public var payloadCheckingCRC: [UInt8]? {
        payloadSliceCheckingCRC.map(Array.init)
    }

    /// `payloadCheckingCRC` without copying it out of the frame: for a receiver that
    /// copies it into something of its own anyway.
    public var payloadSliceCheckingCRC: ArraySlice<UInt8>? {
        lastByteBits == 8 ? CRCA.strippingInPlace(bytes) : nil
    }

    /// Whether this is a short frame of fewer than 8 bits (a 4-bit ACK/NAK).
    public var isShort: Bool { bytes.count == 1 && lastByteBits < 8 }

    public var description: String {
        Hex.encode(bytes, separator: " ")
            + (lastByteBits == 8 ? "" : " (\(lastByteBits) bits)")
    }
}
