import PN533
import Testing

extension VirtualUSBTests {
    /// Transfers whose length is a multiple of the 64-byte bulk packet end with a zero-length
    /// packet; the chip must still see one frame and answer it.
    @Suite struct ZeroLengthPackets {
        /// A frame is its data plus 8 bytes (preamble, start code, LEN, LCS, TFI, DCS,
        /// postamble); Diagnose data is its code 00, NumTst 00 and the parameters. The answer
        /// (D5 01 00 and the echo) has the same length, so both directions fill whole packets.
        static func parameterCount(forFrameLength length: Int) -> Int { length - 8 - 2 }

        @Test(arguments: [64, 128, 192, 256])
        func aLineTestWhoseFrameFillsWholePacketsIsAnswered(frameLength: Int) async throws {
            let count = Self.parameterCount(forFrameLength: frameLength)
            let parameters = (0..<count).map { UInt8(truncatingIfNeeded: $0 + 1) }
            let frame = try PN533Frame.command(.diagnose, [0x00] + parameters).encode()
            try #require(frame.count == frameLength)
            let answers = try await withVirtualReader { device, _ in
                let first = try await device.diagnose(.communicationLine, parameters: parameters)
                let next = try await device.firmwareVersion()
                return (first, next.ic)
            }
            #expect(answers.0 == [0x00] + parameters)
            #expect(answers.1 == 0x33)
        }
    }
}
