import PN533
import PN533Sim
import Testing

extension VirtualUSBTests {
    /// The chip misbehaves the ways real PN533s do; the driver recovers over real libusb.
    @Suite struct Faults {
        @Test func aStalledCommandTimesOutIsAbortedByACKAndTheNextCommandWorks() async throws {
            let (error, aborts, version) = try await withVirtualReader { device, chip in
                let abortsBefore = await chip.eventLog.count { $0.kind == .abortedByHost }
                await chip.inject(.stallNextCommand)
                let error = await #expect(throws: PN533Error.self) {
                    try await device.command(.getFirmwareVersion, timeout: .milliseconds(300))
                }
                let aborts =
                    await chip.eventLog.count { $0.kind == .abortedByHost } - abortsBefore
                return (error, aborts, try await device.firmwareVersion())
            }
            #expect(error == .noResponse(command: .getFirmwareVersion, timeout: .milliseconds(300)))
            #expect(aborts == 1)
            #expect(version.ic == 0x33)
        }

        @Test func aMissingACKIsToleratedOverUSB() async throws {
            let (version, skipped) = try await withVirtualReader { device, chip in
                let before = await chip.eventLog.count { $0.kind == .faultCommitted("no ACK") }
                await chip.inject(.dropNextACK)
                let version = try await device.firmwareVersion()
                let after = await chip.eventLog.count { $0.kind == .faultCommitted("no ACK") }
                return (version, after - before)
            }
            #expect(version.ic == 0x33)
            #expect(skipped == 1)
        }
    }
}
