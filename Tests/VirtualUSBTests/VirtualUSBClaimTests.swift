import PN533
import PN533Sim
import PN533USB
import Testing
import VirtualUSB

extension VirtualUSBTests {
    /// One program at a time: as usbfs does, the virtual reader lets one open file claim its
    /// interface, refuses the others with EBUSY, and frees it when the owner lets go.
    @Suite struct Claim {
        @Test func aSecondOpenOfAClaimedReaderIsRefusedAsBusyUntilTheFirstCloses() async throws {
            _ = try SharedVirtualReader.device()
            let (first, _) = try await PN533USBDevice.open(.location(bus: 1, address: 2))
            let refusal: PN533USBError?
            do {
                let (second, _) = try await PN533USBDevice.open(.location(bus: 1, address: 2))
                await second.close()
                refusal = nil
            } catch {
                refusal = error
            }
            guard case .busy(let device)? = refusal else {
                Issue.record("expected busy, got \(String(describing: refusal))")
                await first.close()
                return
            }
            #expect(device.location == "001:002")
            // The owner still works, and once it closes the next program gets the reader.
            #expect(try await PN533Device(transport: first).open().ic == 0x33)
            await first.close()
            let (third, _) = try await PN533USBDevice.open(.location(bus: 1, address: 2))
            #expect(try await PN533Device(transport: third).open().ic == 0x33)
            await third.close()
        }
    }
}
