import ISODEP
import NDEF
import PN533
import PN533Sim
import SimulatedRigSupport
import TagEmulation
import TagFormat
import Testing

/// An emulated Type 4 Tag on one simulated PN533, read by a second one through
/// InListPassiveTarget and InDataExchange (the reader chip runs ISO-DEP itself).
@Suite struct Type4TagEmulatorTests {
    static let message = mediaMessage(payloadLength: 200)
    static let configuration = Type4TagConfiguration(maximumResponseDataLength: 0x40)

    static func emulator(
        _ rig: EmulationRig, configuration: Type4TagEmulatorConfiguration = .init(),
        application: Type4TagApplication? = nil
    ) throws -> Type4TagEmulator {
        Type4TagEmulator(
            device: rig.emulator,
            application: try application
                ?? Type4TagApplication(configuration: Self.configuration, message: Self.message),
            configuration: configuration, scheduler: rig.scheduler, log: rig.log)
    }

    /// One APDU through the reader chip; throws unless it ends in 9000.
    static func transceive(_ rig: EmulationRig, _ command: CommandAPDU) async throws -> [UInt8] {
        let answer = try await rig.reader.exchange(target: 1, command.encoded())
        guard answer.suffix(2) == [0x90, 0x00] else {
            throw RigFailure.statusWord(command: command.encoded(), answer: answer)
        }
        return Array(answer.dropLast(2))
    }

    /// The NFC Forum detection procedure, by hand: SELECT the application, SELECT and READ
    /// the CC, SELECT the NDEF file, READ NLEN, READ the message in pieces of at most MLe.
    static func readNDEF(_ rig: EmulationRig) async throws -> (CapabilityContainer, [UInt8]) {
        _ = try await transceive(rig, Type4Tag.selectNDEFApplication())
        _ = try await transceive(rig, Type4Tag.selectCapabilityContainer())
        let cc = try CapabilityContainer(
            decoding: try await transceive(rig, try Type4Tag.readBinary(offset: 0, length: 15)))
        _ = try await transceive(rig, Type4Tag.selectFile(cc.ndefFileControl.fileID))
        let nlen = try NDEFFileLength.nlen.decode(
            try await transceive(rig, try Type4Tag.readBinary(offset: 0, length: 2)))
        var message: [UInt8] = []
        while message.count < nlen {
            let piece = min(Int(cc.maximumResponseDataLength), nlen - message.count)
            message += try await transceive(
                rig, try Type4Tag.readBinary(offset: 2 + message.count, length: piece))
        }
        return (cc, message)
    }

    @Test func aReaderChipFindsTheTagAndReadsAMessageLargerThanMLeInPieces() async throws {
        let rig = EmulationRig()
        let emulator = try Self.emulator(rig)
        let (target, cc, message) = try await rig.read(emulator) {
            let target = try await rig.poll()
            let (cc, message) = try await Self.readNDEF(rig)
            return (target, cc, message)
        }
        #expect(target.nfcid == [0x08, 0x4E, 0x46, 0x43])
        #expect(target.sensRes == [0x00, 0x04])
        #expect(target.selRes == 0x20)
        #expect(target.ats == ISODEPCardConfiguration().ats.encode())
        #expect(cc.maximumResponseDataLength == 0x40)
        #expect(message == Self.message)
        let reads = rig.log.events.compactMap { event -> [UInt8]? in
            guard case .received(let apdu) = event.kind, apdu.count == 5, apdu[1] == 0xB0 else {
                return nil
            }
            return apdu
        }
        // CC, NLEN, then 64 + 64 + 64 + 21 bytes of the 213-byte message.
        #expect(reads.map { $0[4] } == [0x0F, 0x02, 0x40, 0x40, 0x40, 0x15])
        #expect(await emulator.activations == 1)
        let left = await rig.simulated.finish()
        #expect(left.isClean, "\(left)")
    }

    @Test func theLogShowsActivationEveryAPDUInAndOutAndTheRelease() async throws {
        let rig = EmulationRig()
        let emulator = try Self.emulator(rig)
        try await rig.read(emulator) {
            _ = try await rig.poll()
            _ = try await Self.transceive(rig, Type4Tag.selectNDEFApplication())
        }
        let kinds = rig.log.events.map(\.kind)
        #expect(
            Array(kinds.prefix(5)) == [
                .listening, .activated(firstCommand: [0xE0, 0x80]),
                .received(Type4Tag.selectNDEFApplication().encoded()), .sent([0x90, 0x00]),
                .released,
            ])
        #expect(kinds.dropFirst(5).first == .listening)
        let times = rig.log.events.map(\.at)
        #expect(times == times.sorted())
        #expect(times.last ?? .zero > .zero)
    }

    @Test func theSameReadingTwiceGivesTheSameTimestampedLog() async throws {
        func run() async throws -> [TagEvent] {
            let rig = EmulationRig()
            let emulator = try Self.emulator(rig)
            _ = try await rig.read(emulator) {
                _ = try await rig.poll()
                return try await Self.readNDEF(rig).1
            }
            return rig.log.events
        }
        let first = try await run()
        #expect(first.count > 10)
        #expect(try await run() == first)
    }

    @Test func afterTheFieldDropsTheTagIsArmedAgainAndReadAgain() async throws {
        let rig = EmulationRig()
        let emulator = try Self.emulator(rig)
        let (first, second) = try await rig.read(emulator) {
            _ = try await rig.poll()
            let first = try await Self.readNDEF(rig).1
            try await rig.reader.setRF(field: false)
            try await rig.clock.sleep(until: rig.clock.now.advanced(by: .milliseconds(20)))
            _ = try await rig.poll()
            let second = try await Self.readNDEF(rig).1
            return (first, second)
        }
        #expect(first == Self.message)
        #expect(second == Self.message)
        #expect(await emulator.activations == 2)
        let kinds = rig.log.events.map(\.kind)
        #expect(kinds.filter { $0 == .activated(firstCommand: [0xE0, 0x80]) }.count == 2)
        #expect(kinds.filter { $0 == .released }.count == 2)
    }

    @Test func aDeselectIsLoggedAndATagNotHaltingIsArmedForTheNextPoll() async throws {
        let rig = EmulationRig()
        var configuration = Type4TagEmulatorConfiguration()
        configuration.haltUntilFieldOff = false
        let emulator = try Self.emulator(rig, configuration: configuration)
        let message = try await rig.read(emulator) {
            _ = try await rig.poll()
            _ = try await Self.transceive(rig, Type4Tag.selectNDEFApplication())
            // InDeselect sends S(DESELECT), then HLTA.
            try await rig.reader.deselect(target: 1)
            _ = try await rig.poll()
            return try await Self.readNDEF(rig).1
        }
        #expect(message == Self.message)
        #expect(await emulator.activations == 2)
        let kinds = rig.log.events.map(\.kind)
        let deselected = kinds.firstIndex(of: .deselected)
        #expect(deselected != nil)
        #expect(deselected.map { kinds[$0 + 1] == .listening } == true)
    }

    @Test func aTagThatHaltsAfterDeselectKeepsSilentUntilTheFieldGoesOff() async throws {
        let rig = EmulationRig()
        var configuration = Type4TagEmulatorConfiguration()
        configuration.haltUntilFieldOff = true
        let emulator = try Self.emulator(rig, configuration: configuration)
        let (silent, message) = try await rig.read(emulator) {
            _ = try await rig.poll()
            try await rig.reader.deselect(target: 1)
            let silent = try await rig.isSilentUntilTheFieldGoesOff()
            return (silent, try await Self.readNDEF(rig).1)
        }
        #expect(silent)
        #expect(message == Self.message)
        #expect(await emulator.activations == 2)
        let kinds = rig.log.events.map(\.kind)
        let halted = try #require(kinds.firstIndex(of: .haltedUntilFieldOff))
        #expect(kinds[halted - 1] == .deselected)
        #expect(Array(kinds[(halted + 1)...].prefix(2)) == [.released, .listening])
    }

    @Test func aHaltedTagWakesAfterAFieldResetShorterThanItsChecks() async throws {
        let rig = EmulationRig()
        var configuration = Type4TagEmulatorConfiguration()
        configuration.haltUntilFieldOff = true
        configuration.fieldCheckInterval = .milliseconds(200)
        let emulator = try Self.emulator(rig, configuration: configuration)
        let message = try await rig.read(emulator) {
            _ = try await rig.poll()
            try await rig.reader.deselect(target: 1)
            try await rig.clock.sleep(until: rig.clock.now.advanced(by: .milliseconds(20)))
            // 5 ms off, ISO/IEC 14443-3's shortest reset: over before the tag checks again,
            // so only the latched RfOffIRq can tell it.
            try await rig.reader.setRF(field: false)
            try await rig.clock.sleep(until: rig.clock.now.advanced(by: .milliseconds(5)))
            try await rig.reader.setRF(field: true)
            _ = try await rig.poll()
            return try await Self.readNDEF(rig).1
        }
        #expect(message == Self.message)
        #expect(await emulator.activations == 2)
        let kinds = rig.log.events.map(\.kind)
        let halted = try #require(kinds.firstIndex(of: .haltedUntilFieldOff))
        #expect(Array(kinds[(halted + 1)...].prefix(2)) == [.released, .listening])
    }

    @Test func aTagLoadedBetweenReadsIsWhatTheNextReadFinds() async throws {
        let rig = EmulationRig()
        let emulator = try Self.emulator(rig)
        let replacement = try Type4TagApplication(
            configuration: Self.configuration, message: exampleURIMessage)
        let (first, second) = try await rig.read(emulator) {
            _ = try await rig.poll()
            let first = try await Self.readNDEF(rig).1
            emulator.load(replacement)
            return (first, try await Self.readNDEF(rig).1)
        }
        #expect(first == Self.message)
        #expect(second == exampleURIMessage)
    }

    @Test func aSlowHostAsksForMoreTimeAndTheReaderWaitsItOut() async throws {
        let rig = EmulationRig()
        let emulator = try Self.emulator(
            rig, configuration: Type4TagEmulatorConfiguration(responseDelay: .milliseconds(150)))
        let message = try await rig.read(emulator) {
            _ = try await rig.poll()
            return try await Self.readNDEF(rig).1
        }
        #expect(message == Self.message)
        let extensions = rig.log.events.filter {
            if case .waitingTimeExtension = $0.kind { true } else { false }
        }
        // FWT is 77 ms: each 150 ms answer needs S(WTX) at about 39, 77 and 116 ms.
        #expect(extensions.count >= 2 * 9)
    }

    @Test func aForcedWTXPolicyAsksBeforeEveryAnswer() async throws {
        let rig = EmulationRig()
        var card = ISODEPCardConfiguration()
        card.wtxPolicy = .always(multiplier: 2)
        let emulator = try Self.emulator(
            rig, configuration: Type4TagEmulatorConfiguration(card: card))
        try await rig.read(emulator) {
            _ = try await rig.poll()
            _ = try await Self.transceive(rig, Type4Tag.selectNDEFApplication())
            _ = try await Self.transceive(rig, Type4Tag.selectCapabilityContainer())
        }
        let kinds = rig.log.events.map(\.kind)
        #expect(kinds.filter { $0 == .waitingTimeExtension(multiplier: 2) }.count == 2)
    }

    @Test func aReaderWritingTearingSafelyIsObservedAndClassified() async throws {
        let rig = EmulationRig()
        let emulator = try Self.emulator(rig)
        let replacement = mediaMessage(payloadLength: 100, fill: 0x7A)
        try await rig.read(emulator) {
            _ = try await rig.poll()
            _ = try await Self.transceive(rig, Type4Tag.selectNDEFApplication())
            _ = try await Self.transceive(rig, Type4Tag.selectFile(0xE104))
            _ = try await Self.transceive(rig, try Type4Tag.updateBinary(offset: 0, data: [0, 0]))
            for start in stride(from: 0, to: replacement.count, by: 0x40) {
                let piece = Array(replacement[start..<min(start + 0x40, replacement.count)])
                _ = try await Self.transceive(
                    rig, try Type4Tag.updateBinary(offset: 2 + start, data: piece))
            }
            _ = try await Self.transceive(
                rig, try Type4Tag.updateBinary(offset: 0, data: [0x00, UInt8(replacement.count)]))
        }
        let application = emulator.application
        #expect(application.writes.count == 4)
        #expect(application.writeHistory.safety == .tearingSafe)
        #expect(application.storedNDEF.bytes == replacement)
        #expect(application.selection == .none)
    }
}
