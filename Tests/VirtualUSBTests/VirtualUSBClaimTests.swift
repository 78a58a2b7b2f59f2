import CLibUSB
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

        @Test func closingTheDeviceWithoutReleasingGivesTheInterfaceUp() async throws {
            _ = try SharedVirtualReader.device()
            // nfcpy closes without releasing; usbfs frees a closed file's claims.
            #expect(claimAndCloseWithoutRelease() == LIBUSB_SUCCESS.rawValue)
            let (next, _) = try await PN533USBDevice.open(.location(bus: 1, address: 2))
            #expect(try await PN533Device(transport: next).open().ic == 0x33)
            await next.close()
        }

        /// Opens the first 04cc:2533 with libusb, claims interface 0 and closes the handle
        /// without releasing it; libusb's result of the claim.
        private func claimAndCloseWithoutRelease() -> Int32 {
            var context: OpaquePointer?
            guard libusb_init(&context) == 0, let context else { return -99 }
            defer { libusb_exit(context) }
            guard let handle = libusb_open_device_with_vid_pid(context, 0x04cc, 0x2533) else {
                return -98
            }
            let claimed = libusb_claim_interface(handle, 0)
            libusb_close(handle)
            return claimed
        }
    }
}
