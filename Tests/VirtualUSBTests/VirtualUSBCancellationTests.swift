import PN533
import PN533Sim
import Testing
import VirtualUSB

extension VirtualUSBTests {
    /// libusb's blocking transfers cannot be interrupted, yet a cancelled wait must end soon
    /// and stop the chip: an emulator stopped while its chip listens for a reader.
    @Suite struct Cancellation {
        @Test func aCancelledTgInitAsTargetEndsAndIsAbortedOnTheChip() async throws {
            let (error, log) = try await withVirtualReader { device, chip in
                let listening = Task {
                    try await device.initAsTarget(
                        TargetConfiguration(
                            sensRes: [0x04, 0x00], nfcid1t: [1, 2, 3], selRes: 0x20),
                        timeout: .seconds(60))
                }
                // Long enough for the command to reach the chip and its ACK to come back.
                try await Task.sleep(for: .milliseconds(300))
                listening.cancel()
                let error: PN533Error? =
                    switch await listening.result {
                    case .success: nil
                    case .failure(let error): error as? PN533Error
                    }
                return (error, await chip.eventLog)
            }
            #expect(error == .transport(.cancelled))
            let kinds = log.map(\.kind)
            let listened = try #require(
                kinds.lastIndex { if case .command(0x8C, _) = $0 { true } else { false } })
            #expect(kinds[listened...].contains(.abortedByHost))
        }
    }
}
