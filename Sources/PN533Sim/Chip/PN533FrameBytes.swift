import PN533

/// The frames the chip sends, encoded once with the driver's own codec.
enum PN533FrameBytes {
    /// `00 00 FF 00 FF 00`.
    static let ack: [UInt8] = (try? PN533Frame.ack.encode()) ?? []
    /// `00 00 FF 01 FF 7F 81 00`: the syntax error frame.
    static let error: [UInt8] = (try? PN533Frame.error.encode()) ?? []

    /// A chip-to-host information frame; the error frame if the data cannot fit any frame.
    static func response(code: UInt8, data: [UInt8]) -> [UInt8] {
        (try? PN533Frame.information(.chipToHost, code: code, data: data).encode()) ?? error
    }
}
