import HexText
import NFCRigTestSupport
import PN533
import SimulatedRigSupport
import Testing

@testable import PN533Sim

/// Two simulated chips in one field: one emulates a card in target mode, its host answering
/// every frame; the other reads it as initiator.
@Suite struct TwoChipTests: OnSimulatedRig {
    let simulated = SimulatedRig()

    static let isoDEPCard = TargetConfiguration(
        sensRes: [0x04, 0x00], nfcid1t: [0xA1, 0xB2, 0xC3], selRes: 0x20)
    static let ats: [UInt8] = [0x05, 0x78, 0x80, 0x70, 0x02]

    /// The emulator's host: answers RATS with an ATS, then every I-block with `02 ... 90 00`
    /// echoing the APDU's INS, until the reader lets go.
    func emulatorHost(log: Recorder<String>) -> SimulationTask<Void> {
        clock.spawn { [emulator] in
            try await emulator.open()
            let activation = try await emulator.initAsTarget(Self.isoDEPCard, timeout: .seconds(5))
            log.record("activated \(Hex.encode(activation.initiatorCommand))")
            try await emulator.respondToInitiator(Self.ats)
            while true {
                let block: [UInt8]
                do {
                    block = try await emulator.getInitiatorCommand(timeout: .seconds(5))
                } catch {
                    log.record("ended \(error)")
                    return
                }
                log.record("block \(Hex.encode(block))")
                if block.first == 0xC2 {
                    try await emulator.respondToInitiator([0xC2])
                    continue
                }
                try await emulator.respondToInitiator([block[0], block[2], 0x90, 0x00])
            }
        }
    }

    @Test func theReaderActivatesAnEmulatedISODEPCardAndExchangesAnAPDU() async throws {
        let log = Recorder<String>()
        let (targets, answer) = try await clock.participate {
            let host = emulatorHost(log: log)
            try await reader.open()
            let targets = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
            let answer = try await reader.exchange(target: 1, [0x00, 0xA4, 0x04, 0x00])
            try await reader.setRF(field: false)
            try await host.value
            return (targets, answer)
        }
        #expect(targets.count == 1)
        #expect(targets.first?.nfcid == [0x08, 0xA1, 0xB2, 0xC3])
        #expect(targets.first?.ats == Self.ats)
        #expect(answer == [0xA4, 0x90, 0x00])
        let lines = log.all
        #expect(lines.first == "activated e080")
        #expect(lines.contains("block 0200a40400"))
        #expect(lines.last?.hasPrefix("ended") == true)
    }

    @Test func aSENSRESGivenLowByteFirstToTgInitAsTargetIsListedHighByteFirst() async throws {
        // libnfc hands TgInitAsTarget its ATQA swapped: 44 00 for an NTAG's 00 44, which a
        // reader's InListPassiveTarget reports again as 00 44.
        let targets = try await clock.participate {
            let host = clock.spawn { [emulator] in
                try await emulator.open()
                _ = try await emulator.initAsTarget(
                    TargetConfiguration(sensRes: [0x44, 0x00], nfcid1t: [1, 2, 3], selRes: 0x00),
                    timeout: .seconds(5))
            }
            try await reader.open()
            let targets = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
            _ = try? await reader.exchange(target: 1, [0x30, 0x00])
            try await reader.setRF(field: false)
            try await host.value
            return targets
        }
        #expect(targets.map(\.sensRes) == [[0x00, 0x44]])
        #expect(targets.map(\.selRes) == [0x00])
    }

    @Test func theSameScenarioTwiceGivesTheSameTimeline() async throws {
        func run() async throws -> [String] {
            // A fresh pair of chips, field and clock each time.
            let bench = SimulatedRig()
            let (clock, reader, emulator) = (bench.clock, bench.reader, bench.emulator)
            try await clock.participate {
                let host = clock.spawn {
                    try await emulator.open()
                    _ = try await emulator.initAsTarget(Self.isoDEPCard, timeout: .seconds(5))
                    try await emulator.respondToInitiator(Self.ats)
                    let block = try await emulator.getInitiatorCommand(timeout: .seconds(5))
                    try await emulator.respondToInitiator([block[0], 0x90, 0x00])
                }
                try await reader.open()
                _ = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
                _ = try await reader.exchange(target: 1, [0x00, 0xB0, 0x00, 0x00, 0x0F])
                try await host.value
            }
            return (await bench.readerChip.eventLog + bench.emulatorChip.eventLog)
                .map(\.description)
        }
        let first = try await run()
        let second = try await run()
        #expect(first.count > 10)
        #expect(first == second)
    }

    @Test func anAPDUExchangeTakesAtLeastItsAirTime() async throws {
        let log = Recorder<String>()
        try await clock.participate {
            let host = emulatorHost(log: log)
            try await reader.open()
            _ = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
            let select: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x07, 1, 2, 3, 4, 5, 6, 7]
            let start = clock.now
            for _ in 0..<3 { _ = try await reader.exchange(target: 1, select) }
            let elapsed = start.duration(to: clock.now)
            // DESIGN §4's minimum per exchange (command and answer on air, both frame delays);
            // the guard time after the last answer is only paid by a next frame.
            let minimum = AirTiming().minimumExchangeDuration(command: 12, response: 3)
            #expect(elapsed >= minimum * 3 - AirTiming.readerGuardTime)
            try await reader.setRF(field: false)
            try await host.value
        }
    }

    @Test func theFieldGoingOffReleasesTheEmulatorWithStatus29() async throws {
        let log = Recorder<String>()
        try await clock.participate {
            let host = emulatorHost(log: log)
            try await reader.open()
            _ = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
            try await reader.setRF(field: false)
            try await host.value
        }
        let last = log.all.last
        #expect(
            last
                == "ended \(PN533Error.brokenLink(command: .tgGetInitiatorCommand, status: .releasedByInitiator))"
        )
    }
}

extension TwoChipTests {
    @Test func releasingTheTargetEndsTargetModeWithStatus29() async throws {
        let log = Recorder<String>()
        try await clock.participate {
            let host = emulatorHost(log: log)
            try await reader.open()
            _ = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
            try await reader.release(target: 1)
            try await host.value
        }
        // The reader's S(DESELECT) reaches the host first; the HLTA that follows releases it.
        #expect(log.all.contains("block c2"))
        #expect(
            log.all.last
                == "ended \(PN533Error.brokenLink(command: .tgGetInitiatorCommand, status: .releasedByInitiator))"
        )
    }
}

extension TwoChipTests {
    @Test func withoutAutomaticRATSTheHostSendsRATSItself() async throws {
        let log = Recorder<String>()
        let (targets, ats) = try await clock.participate {
            let host = emulatorHost(log: log)
            try await reader.open()
            try await reader.setParameters(PN533Parameters(rawValue: 0x00))
            let targets = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
            let ats = try await reader.communicateThru([0xE0, 0x80])
            try await reader.setRF(field: false)
            try await host.value
            return (targets, ats)
        }
        #expect(targets.first?.ats == nil)
        #expect(ats == Self.ats)
        #expect(log.all.first == "activated e080")
    }
}

extension TwoChipTests {
    @Test func aTargetMovedOutOfTheFieldIsNotFoundUntilItComesBack() async throws {
        let log = Recorder<String>()
        let (absent, present) = try await clock.participate {
            let host = emulatorHost(log: log)
            try await reader.open()
            try await reader.setRetries(atr: 0, psl: 0, passiveActivation: 1)
            try await clock.sleep(for: .milliseconds(5))
            await emulatorChip.setInField(false)
            let absent = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
            await emulatorChip.setInField(true)
            let present = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
            try await reader.setRF(field: false)
            try await host.value
            return (absent, present)
        }
        #expect(absent.isEmpty)
        #expect(present.first?.nfcid == [0x08, 0xA1, 0xB2, 0xC3])
    }
}
