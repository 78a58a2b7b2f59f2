import NFCRigTestSupport
import PN533
import Testing

/// A caller that stops waiting (its task cancelled, as when an emulator stops while its chip
/// listens for a reader) stops the chip too: the command is aborted with an ACK.
@Suite struct PN533DeviceCancellationTests {
    @Test("a cancelled wait for a response aborts the command with an ACK and drains")
    func cancelledWaitAbortsTheCommand() async throws {
        let rig = Rig([
            .expect(PN533DeviceTests.diagnose), .answerACK, .fail(.cancelled), .ack, .silence,
        ])
        await #expect(throws: PN533Error.transport(.cancelled)) {
            try await rig.device.command(.diagnose, bytes("313233"))
        }
        #expect(
            await rig.transport.receiveTimeouts
                == [.milliseconds(100), .seconds(1), .milliseconds(20)])
        #expect(rig.log.all.contains(.aborted(.diagnose)))
        await rig.finish()
    }
}
