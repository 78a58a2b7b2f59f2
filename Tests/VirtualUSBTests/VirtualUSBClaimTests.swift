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

        /// A program that dies between its command and the chip's answer leaves that answer
        /// in the chip; the next program's ACK, which nfcpy and libnfc send on opening a
        /// reader as a soft reset, drops it, so the next answer read is its own.
        @Test func aProgramsACKDropsTheAnswersAnotherLeftUnread() throws {
            _ = try SharedVirtualReader.device()
            let getGeneralStatus: [UInt8] = [0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD4, 0x04, 0x28, 0x00]
            let getFirmwareVersion: [UInt8] = [
                0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD4, 0x02, 0x2A, 0x00,
            ]
            let ack: [UInt8] = [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00]
            #expect(try rawSession([getGeneralStatus], reads: 0).isEmpty)
            let answers = try rawSession([ack, getFirmwareVersion], reads: 2)
            #expect(answers.first == ack)
            // The response to GetFirmwareVersion (D5 03), not the stale GetGeneralStatus (D5 05).
            #expect(
                answers.last.map { Array($0.prefix(7)) } == [
                    0x00, 0x00, 0xFF, 0x06, 0xFA, 0xD5, 0x03,
                ])
        }

        /// Opens the first 04cc:2533 with libusb, claims interface 0, writes each frame, reads
        /// `reads` transfers and closes, as a short program would; the transfers read.
        private func rawSession(_ frames: [[UInt8]], reads: Int) throws -> [[UInt8]] {
            var context: OpaquePointer?
            guard libusb_init(&context) == 0, let context else {
                throw RawSessionError.failed("init")
            }
            defer { libusb_exit(context) }
            guard let handle = libusb_open_device_with_vid_pid(context, 0x04cc, 0x2533) else {
                throw RawSessionError.failed("open")
            }
            defer { libusb_close(handle) }
            guard libusb_claim_interface(handle, 0) == 0 else {
                throw RawSessionError.failed("claim")
            }
            var transferred: Int32 = 0
            for frame in frames {
                var bytes = frame
                let result = libusb_bulk_transfer(
                    handle, 0x04, &bytes, Int32(bytes.count), &transferred, 1000)
                guard result == 0 else { throw RawSessionError.failed("write \(result)") }
            }
            var answers: [[UInt8]] = []
            for _ in 0..<reads {
                var buffer = [UInt8](repeating: 0, count: 300)
                let result = libusb_bulk_transfer(
                    handle, 0x84, &buffer, Int32(buffer.count), &transferred, 2000)
                guard result == 0 else { throw RawSessionError.failed("read \(result)") }
                answers.append(Array(buffer.prefix(Int(transferred))))
            }
            return answers
        }

        private enum RawSessionError: Error {
            case failed(String)
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
