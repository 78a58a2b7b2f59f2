import ISODEP
import ISODEPSimulation
import NDEF
import PN533
import SimulatedRigSupport
import TagEmulation
import TagFormat
import Testing

@testable import PN533Sim

/// An emulated Type 2 Tag on one simulated PN533, read and written by a second one with
/// InDataExchange and InCommunicateThru: raw frames, no ISO-DEP.
@Suite struct Type2TagEmulatorTests {
    static let uid: [UInt8] = [0x08, 0x4E, 0x46, 0x43]
    static let message = mediaMessage(payloadLength: 60)

    static func emulator(
        _ rig: EmulationRig, readOnly: Bool = false,
        configuration: Type2TagEmulatorConfiguration = .init()
    ) throws -> Type2TagEmulator {
        let memory = try Type2TagMemory(
            uid: uid, dataAreaSize: 128, ndefMessage: message, readOnly: readOnly)
        return Type2TagEmulator(
            device: rig.emulator, tag: try Type2TagEmulation(memory: memory),
            configuration: configuration, log: rig.log,
            scheduler: SimulationISODEPScheduler(clock: rig.clock))
    }

    /// Reads blocks from 0 with `30 n` until the NDEF TLV is whole, as a reader does.
    static func readNDEF(_ rig: EmulationRig) async throws -> [UInt8] {
        var memory: [UInt8] = []
        while true {
            memory += try await rig.reader.exchange(target: 1, [0x30, UInt8(memory.count / 4)])
            do {
                return try Type2TagMemory.ndefMessage(in: memory)
            } catch .truncated {
                continue
            }
        }
    }

    @Test func aReaderChipFindsTheTagAndReadsItsMessageSixteenBytesAtATime() async throws {
        let rig = EmulationRig()
        let emulator = try Self.emulator(rig)
        let (target, message) = try await rig.read(emulator) {
            let target = try await rig.poll()
            return (target, try await Self.readNDEF(rig))
        }
        #expect(target.nfcid == Self.uid)
        #expect(target.sensRes == [0x00, 0x04], "a single-size UID, as the chip sends")
        #expect(target.selRes == 0x00)
        #expect(target.ats == nil)
        #expect(message == Self.message)
        let kinds = rig.log.events.map(\.kind)
        #expect(kinds.prefix(2) == [.listening, .activated(firstCommand: [0x30, 0x00])])
        #expect(kinds.contains(.received([0x30, 0x04])))
    }

    @Test func aWriteIsAcknowledgedThroughInDataExchangeAndInCommunicateThru() async throws {
        let rig = EmulationRig()
        let emulator = try Self.emulator(rig)
        let (exchanged, thru, readBack) = try await rig.read(emulator) {
            _ = try await rig.poll()
            let exchanged = try await rig.reader.exchange(target: 1, [0xA2, 0x10, 1, 2, 3, 4])
            // A 4-bit answer has no CRC: nfcpy turns receive CRC off to take it raw.
            try await rig.reader.writeRegisters([(CIURegister.rxMode, 0x00)])
            let thru = try await rig.reader.communicateThru([0xA2, 0x11, 5, 6, 7, 8])
            let readBack = try await rig.reader.communicateThru([0x30, 0x10])
            return (exchanged, thru, readBack)
        }
        // InDataExchange reports a 4-bit ACK as success with no data; InCommunicateThru
        // hands the 4 bits over.
        #expect(exchanged == [])
        #expect(thru == [0x0A])
        #expect(Array(readBack.prefix(8)) == [1, 2, 3, 4, 5, 6, 7, 8])
        let tag = await emulator.tag
        #expect(
            tag.writes == [
                TagWrite(offset: 64, bytes: [1, 2, 3, 4]),
                TagWrite(offset: 68, bytes: [5, 6, 7, 8]),
            ])
        #expect(rig.log.events.map(\.kind).filter { $0 == .sentNibble(0x0A) }.count == 2)
    }

    @Test func aNAKReachesTheReaderAndTheFramingRegistersAreRestored() async throws {
        let rig = EmulationRig()
        let emulator = try Self.emulator(rig, readOnly: true)
        let (refused, thru, readAfter) = try await rig.read(emulator) {
            _ = try await rig.poll()
            let refused: PN533Error?
            do {
                _ = try await rig.reader.exchange(target: 1, [0xA2, 0x04, 1, 2, 3, 4])
                refused = nil
            } catch {
                refused = error as? PN533Error
            }
            // After a NAK the tag falls back to IDLE: it is listed again.
            _ = try await rig.poll()
            try await rig.reader.writeRegisters([(CIURegister.rxMode, 0x00)])
            let thru = try await rig.reader.communicateThru([0xA2, 0x05, 1, 2, 3, 4])
            _ = try await rig.poll()
            // A READ after the NAKs comes back whole, with its CRC: TxCRCEn is on again.
            let readAfter = try await rig.reader.exchange(target: 1, [0x30, 0x03])
            return (refused, thru, readAfter)
        }
        // The chip reports any 4-bit answer but ACK as status 14 (MIFARE authentication).
        #expect(refused == .transmission(command: .inDataExchange, status: .mifareAuthentication))
        #expect(thru == [0x00])
        #expect(Array(readAfter.prefix(4)) == [0xE1, 0x10, 0x10, 0x0F])
        #expect(await emulator.tag.writes == [])
        #expect(rig.log.events.map(\.kind).filter { $0 == .fellBackToIdle }.count == 2)
        let registers = await rig.emulatorChip.registers
        #expect(registers[0x6302] == 0x80)
        #expect(registers[0x633D] == 0x00)
    }

    @Test func anNTAG213AnswersGETVERSIONAndFASTREADAndTakesAMIFAREWrite() async throws {
        let rig = EmulationRig()
        let tag = try Type2TagEmulation(
            memory: try Type2TagMemory(
                uid: Self.uid, dataAreaSize: 144, ndefMessage: Self.message, readOnly: false))
        let emulator = Type2TagEmulator(
            device: rig.emulator, tag: tag, log: rig.log,
            scheduler: SimulationISODEPScheduler(clock: rig.clock))
        let (version, fast, written) = try await rig.read(emulator) {
            _ = try await rig.poll()
            let version = try await rig.reader.exchange(target: 1, [0x60])
            let fast = try await rig.reader.exchange(target: 1, [0x3A, 0x03, 0x04])
            // InDataExchange runs MIFARE WRITE in two steps; the tag writes the first 4 bytes.
            _ = try await rig.reader.exchange(target: 1, [0xA0, 0x10] + Array(1...16))
            return (version, fast, try await rig.reader.exchange(target: 1, [0x30, 0x10]))
        }
        #expect(version == [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x0F, 0x03])
        #expect(fast.count == 8)
        #expect(Array(fast.prefix(4)) == [0xE1, 0x10, 0x12, 0x00])
        #expect(Array(written.prefix(4)) == [1, 2, 3, 4])
        #expect(await emulator.tag.writes == [TagWrite(offset: 64, bytes: [1, 2, 3, 4])])
    }

    @Test func aFrameTheTagDoesNotKnowIsUnansweredAndItFallsBackToIdle() async throws {
        let rig = EmulationRig()
        let emulator = try Self.emulator(rig)
        let (unanswered, message) = try await rig.read(emulator) {
            _ = try await rig.poll()
            // PWD_AUTH, which this tag does not have (a 128-byte data area: no NTAG21x).
            let unanswered: Bool
            do {
                _ = try await rig.reader.exchange(target: 1, [0x1B, 1, 2, 3, 4])
                unanswered = false
            } catch {
                unanswered = error as? PN533Error == .rfTimeout(command: .inDataExchange)
            }
            _ = try await rig.poll()
            return (unanswered, try await Self.readNDEF(rig))
        }
        #expect(unanswered)
        #expect(message == Self.message)
        #expect(rig.log.events.map(\.kind).contains(.fellBackToIdle))
    }

    @Test func afterTheFieldDropsTheTagIsArmedAgainAndReadAgain() async throws {
        let rig = EmulationRig()
        let emulator = try Self.emulator(rig)
        let (first, second) = try await rig.read(emulator) {
            _ = try await rig.poll()
            let first = try await Self.readNDEF(rig)
            try await rig.reader.setRF(field: false)
            try await rig.clock.sleep(until: rig.clock.now.advanced(by: .milliseconds(20)))
            _ = try await rig.poll()
            let second = try await Self.readNDEF(rig)
            return (first, second)
        }
        #expect(first == Self.message)
        #expect(second == Self.message)
        #expect(await emulator.activations == 2)
        #expect(rig.log.events.map(\.kind).filter { $0 == .released }.count == 2)
    }

    @Test func aHaltedTagKeepsSilentUntilTheFieldGoesOffThenAnswersAgain() async throws {
        let rig = EmulationRig()
        let emulator = try Self.emulator(rig)
        let (silent, message) = try await rig.read(emulator) {
            _ = try await rig.poll()
            _ = try await rig.reader.exchange(target: 1, [0x30, 0x00])
            try await rig.reader.release(target: 1)
            let silent = try await rig.isSilentUntilTheFieldGoesOff()
            return (silent, try await Self.readNDEF(rig))
        }
        #expect(silent)
        #expect(message == Self.message)
        let kinds = rig.log.events.map(\.kind)
        let halted = try #require(kinds.firstIndex(of: .haltedUntilFieldOff))
        #expect(kinds[(halted + 1)...].first == .released)
    }

    @Test func aTagNotHaltingIsArmedAgainAfterHLTAAndAnswersTheNextPoll() async throws {
        let rig = EmulationRig()
        var configuration = Type2TagEmulatorConfiguration()
        configuration.haltUntilFieldOff = false
        let emulator = try Self.emulator(rig, configuration: configuration)
        let (halted, message) = try await rig.read(emulator) {
            _ = try await rig.poll()
            _ = try await rig.reader.exchange(target: 1, [0x30, 0x00])
            // HLTA as a raw frame reaches the host, which stays silent and arms again.
            let halted: Bool
            do {
                _ = try await rig.reader.communicateThru([0x50, 0x00])
                halted = false
            } catch {
                halted = error as? PN533Error == .rfTimeout(command: .inCommunicateThru)
            }
            // InRelease after a READ halts it inside the chip (status 29 for the host).
            _ = try await rig.poll()
            _ = try await rig.reader.exchange(target: 1, [0x30, 0x00])
            try await rig.reader.release(target: 1)
            _ = try await rig.poll()
            return (halted, try await Self.readNDEF(rig))
        }
        #expect(halted)
        #expect(message == Self.message)
        #expect(await emulator.activations == 3)
        let kinds = rig.log.events.map(\.kind)
        #expect(kinds.contains(.received([0x50, 0x00])))
        #expect(kinds.filter { $0 == .listening }.count >= 4)
    }

    @Test func aTearingSafeWriteByTheReaderIsObservedAndClassified() async throws {
        let rig = EmulationRig()
        let emulator = try Self.emulator(rig)
        let replacement = mediaMessage(payloadLength: 30, fill: 0x7A)
        try await rig.read(emulator) {
            _ = try await rig.poll()
            for command in Type2WriteSafetyTests.safeWrites(replacement) {
                _ = try await rig.reader.exchange(target: 1, command)
            }
        }
        let tag = await emulator.tag
        #expect(tag.writeHistory.safety == .tearingSafe)
        #expect(tag.storedNDEF.bytes == replacement)
    }
}
