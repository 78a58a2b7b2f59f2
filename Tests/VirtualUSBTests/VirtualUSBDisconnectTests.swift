import PN533
import PN533Sim
import Testing

extension VirtualUSBTests {
    /// A reader that goes away mid-session: libusb reports it gone, and nothing hangs.
    @Suite struct Disconnect {
        @Test func aReaderThatDisappearsFailsEveryLaterCommandAsDisconnected() async throws {
            defer { SharedVirtualReader.discard() }
            let (before, first, second) = try await withVirtualReader { device, chip in
                await chip.inject(.disconnectAfter(commands: 1))
                let before = try await device.firmwareVersion()
                let first = await #expect(throws: PN533Error.self) {
                    try await device.firmwareVersion()
                }
                let second = await #expect(throws: PN533Error.self) {
                    try await device.generalStatus()
                }
                return (before, first, second)
            }
            #expect(before.ic == 0x33)
            #expect(first == .transport(.disconnected))
            #expect(second == .transport(.disconnected))
        }

        @Test func aNewReaderAnswersAfterTheOldOneWasUnplugged() async throws {
            SharedVirtualReader.discard()
            let version = try await withVirtualReader { device, _ in
                try await device.firmwareVersion()
            }
            #expect(version.ic == 0x33)
        }
    }
}
