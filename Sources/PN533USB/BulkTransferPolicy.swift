import PN533

/// The decisions a USB transport makes around each bulk transfer, as pure functions.
enum BulkTransferPolicy {
    /// The longest frame a chip can send: an extended frame with a 65 535-byte body
    /// (`00 00 FF FF FF LENhi LENlo LCS`, body, `DCS 00`): 65 545 bytes.
    static let largestFrameLength = 8 + PN533Frame.maximumExtendedLength + 2

    /// How long a bulk OUT may take: the chip takes a frame within microseconds, so a second
    /// means a stuck endpoint.
    static let sendTimeout: Duration = .seconds(1)

    /// The longest one bulk IN waits: a receive waiting longer is cut into transfers this
    /// long, so that a cancelled task (an emulator stopped while its chip listens) is told
    /// soon. Data never straddles two: a transfer that times out after some packets keeps
    /// them (`LibUSB.bulkTransfer`), and the rest comes with the next.
    static let cancellationSlice: Duration = .milliseconds(50)

    /// The bulk IN buffer: the largest frame, rounded up to whole packets.
    ///
    /// One bulk IN with this buffer returns one whole chip transfer: libusb ends a transfer at
    /// the first short (or zero-length) packet, and no frame is longer. Reading packet by
    /// packet instead would cost a round trip per 64 bytes. A buffer of whole packets keeps a
    /// device that sends a full last packet from overflowing it.
    static func receiveBufferLength(packetSize: Int) -> Int {
        let packets = (largestFrameLength + packetSize - 1) / packetSize
        return packets * packetSize
    }

    /// Whether a write of `length` bytes must be followed by a zero-length packet: when it
    /// ends on a full packet, the device cannot otherwise tell the transfer is over.
    static func needsZeroLengthPacket(length: Int, packetSize: Int) -> Bool {
        length > 0 && packetSize > 0 && length % packetSize == 0
    }

    /// The libusb timeout for `duration` in whole milliseconds, rounded up, at least 1
    /// (libusb reads 0 as "wait forever") and at most `UInt32.max`.
    static func libusbTimeout(_ duration: Duration) -> UInt32 {
        guard duration > .zero else { return 1 }
        let (seconds, attoseconds) = duration.components
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        // Longer waits exceed UInt32 milliseconds anyway, and `seconds * 1000` could overflow.
        guard seconds <= Int64(UInt32.max / 1000) else { return UInt32.max }
        let milliseconds =
            seconds * 1000
            + (attoseconds + attosecondsPerMillisecond - 1) / attosecondsPerMillisecond
        return UInt32(min(max(milliseconds, 1), Int64(UInt32.max)))
    }

    /// The transport error for a failed transfer: a timeout, a vanished device, or an I/O
    /// failure whose message names the transfer (`what`) and the libusb code.
    static func transportError(_ error: USBError, during what: String) -> TransportError {
        switch error {
        case .timeout: .timeout
        case .noDevice: .disconnected
        default: .io("\(what) failed: \(error)")
        }
    }
}
