import PN533
import Testing

@testable import PN533USB

@Suite struct BulkTransferPolicyTests {
    @Test(
        "a write gets a zero-length packet exactly when it ends on a full packet",
        arguments: [
            (0, false), (1, false), (6, false), (63, false), (64, true), (65, false),
            (128, true), (265, false), (320, true),
        ])
    func zeroLengthPacket(length: Int, needed: Bool) {
        #expect(BulkTransferPolicy.needsZeroLengthPacket(length: length, packetSize: 64) == needed)
    }

    @Test("high-speed packets of 512 bytes move the zero-length packet boundary")
    func zeroLengthPacketAt512() {
        #expect(!BulkTransferPolicy.needsZeroLengthPacket(length: 64, packetSize: 512))
        #expect(BulkTransferPolicy.needsZeroLengthPacket(length: 1024, packetSize: 512))
    }

    @Test(
        "a receive timeout becomes whole milliseconds, rounded up, never 0 (libusb's forever)",
        arguments: [
            (Duration.zero, UInt32(1)),
            (.milliseconds(-5), 1),
            (.nanoseconds(1), 1),
            (.microseconds(999), 1),
            (.milliseconds(1), 1),
            (.microseconds(1500), 2),
            (.milliseconds(100), 100),
            (.seconds(3), 3000),
            (.seconds(4_294_967), 4_294_967_000),
            (.seconds(4_294_968), UInt32.max),
            (.seconds(4_294_967) + .milliseconds(296), UInt32.max),
            (.seconds(Int64.max), UInt32.max),
        ])
    func clampsTimeouts(duration: Duration, milliseconds: UInt32) {
        #expect(BulkTransferPolicy.libusbTimeout(duration) == milliseconds)
    }

    @Test("the receive buffer holds the largest extended frame in whole packets")
    func receiveBufferLength() {
        #expect(BulkTransferPolicy.largestFrameLength == 65_545)
        #expect(BulkTransferPolicy.receiveBufferLength(packetSize: 64) == 65_600)
        #expect(BulkTransferPolicy.receiveBufferLength(packetSize: 512) == 66_048)
        #expect(BulkTransferPolicy.receiveBufferLength(packetSize: 1) == 65_545)
    }

    @Test("libusb timeouts and vanished devices map to their transport errors, the rest to I/O")
    func mapsTransferErrors() {
        #expect(BulkTransferPolicy.transportError(.timeout, during: "bulk IN") == .timeout)
        #expect(BulkTransferPolicy.transportError(.noDevice, during: "bulk IN") == .disconnected)
        #expect(
            BulkTransferPolicy.transportError(.pipe, during: "bulk IN on endpoint 0x84")
                == .io(
                    "bulk IN on endpoint 0x84 failed: LIBUSB_ERROR_PIPE (pipe error (endpoint stalled))"
                ))
        #expect(
            BulkTransferPolicy.transportError(.overflow, during: "bulk IN")
                == .io("bulk IN failed: LIBUSB_ERROR_OVERFLOW (overflow)"))
    }
}
