import PN533
import SimulatedRigSupport
import Testing

@testable import PN533Sim

/// The PN533 driver against the simulated chip: the same bytes a real chip exchanges.
@Suite struct SimulatedChipTests: OnSimulatedRig {
    let simulated = SimulatedRig(emulators: 0)

    /// A Type 2 tag in software: READ answers 16 bytes of its memory.
    func type2Tag(uid: [UInt8]) throws -> SoftwareTag {
        let identity = try TypeAIdentity(uid: uid, sensRes: [0x00, 0x44], selRes: 0x00)
        return SoftwareTag(identity: identity) { frame in
            guard let command = frame.payloadCheckingCRC, command.first == 0x30, command.count == 2
            else { return nil }
            let start = Int(command[1]) * 4
            return .withCRC((start..<start + 16).map { UInt8(truncatingIfNeeded: $0) })
        }
    }

    @Test func openReadsTheFirmwareVersionOfAPN533() async throws {
        let version = try await clock.participate { try await reader.open() }
        #expect(version.chip == .pn533)
        let log = await readerChip.eventLog
        #expect(log.contains { $0.kind == .command(code: 0x02, data: []) })
        #expect(log.contains { $0.kind == .response(code: 0x03, data: [0x33, 0x02, 0x07, 0x07]) })
    }

    @Test func aResponseArrivesAfterTheModelledUSBLatency() async throws {
        try await clock.participate {
            try await reader.open()
            let before = clock.now
            _ = try await reader.firmwareVersion()
            #expect(before.duration(to: clock.now) == .milliseconds(1))
        }
    }

    @Test func aCommandsTimersAreForgottenOnceTheyFired() async throws {
        try await clock.participate {
            try await reader.open()
            for _ in 0..<5 { _ = try await reader.firmwareVersion() }
        }
        // Each response waited for the modelled USB latency on a timer of its command.
        #expect(await readerChip.nextTimerTag >= 5)
        #expect(await readerChip.commandTimers.isEmpty)
    }

    @Test func registersWrittenAreReadBackWithTheStatusByteFirst() async throws {
        try await clock.participate {
            try await reader.open()
            try await reader.writeRegisters([(0x6302, 0x00), (0x633D, 0x04)])
            let values = try await reader.readRegisters([0x6302, 0x633D, 0x6303])
            #expect(values == [0x00, 0x04, 0x80])
        }
    }

    @Test func theReaderListsASoftwareType2TagAndReadsItsMemory() async throws {
        let tag = try type2Tag(uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
        _ = await field.enter(tag, identity: tag.identity)
        try await clock.participate {
            try await reader.open()
            let targets = try await reader.listPassiveTargets(max: 1)
            #expect(targets.count == 1)
            #expect(targets.first?.nfcid == [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
            #expect(targets.first?.ats == nil)
            let block = try await reader.exchange(target: 1, [0x30, 0x04])
            #expect(block == Array(16..<32).map(UInt8.init))
        }
    }

    @Test func twoTagsAreListedOneAtATimeInAnticollisionOrder() async throws {
        let first = try type2Tag(uid: [0x04, 0x00, 0, 0, 0, 0, 1])
        let second = try type2Tag(uid: [0x04, 0x01, 0, 0, 0, 0, 2])
        _ = await field.enter(first, identity: first.identity)
        _ = await field.enter(second, identity: second.identity)
        let (listed, next, none) = try await clock.participate {
            try await reader.open()
            try await reader.setRetries(atr: 0xFF, psl: 0x01, passiveActivation: 0x01)
            let listed = try await reader.listPassiveTargets(max: 1)
            // InDeselect halts the listed tag: the next REQA reaches only the other one.
            try await reader.deselect(target: 0)
            let next = try await reader.listPassiveTargets(max: 1)
            try await reader.deselect(target: 0)
            return (listed, next, try await reader.listPassiveTargets(max: 1))
        }
        #expect(listed.map(\.tg) == [1])
        #expect(listed.map { $0.nfcid.last } == [2])
        #expect(next.map { $0.nfcid.last } == [1])
        #expect(none.isEmpty)
    }

    @Test func maxTgTwoIsRefusedWithTheErrorFrameAsAPN533TakesOneTarget() async throws {
        let tag = try type2Tag(uid: [0x04, 0x00, 0, 0, 0, 0, 1])
        _ = await field.enter(tag, identity: tag.identity)
        // The driver would not send it (`maximumTargets` is 1): the raw command does.
        let error = await clock.commandError(reader, .inListPassiveTarget, [0x02, 0x00])
        #expect(error == .errorFrame(command: .inListPassiveTarget))
    }

    @Test func theDriverRefusesToAskAPN533ForTwoTargets() async throws {
        let error = await clock.participate { () async -> PN533Error? in
            do throws(PN533Error) {
                try await reader.open()
                _ = try await reader.listPassiveTargets(max: 2)
                return nil
            } catch {
                return error
            }
        }
        #expect(
            error
                == .invalidRequest(
                    command: .inListPassiveTarget,
                    error: .outOfRange(field: "MaxTg", value: 2, range: 1...1)))
    }

    @Test func aTagThatLeavesMidExchangeGivesTheChipsTimeoutStatus() async throws {
        let tag = try type2Tag(uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
        let handle = await field.enter(tag, identity: tag.identity)
        let error = try await clock.participate { () async throws -> PN533Error? in
            try await reader.open()
            _ = try await reader.listPassiveTargets(max: 1)
            await field.leave(handle)
            do throws(PN533Error) {
                _ = try await reader.exchange(target: 1, [0x30, 0x04])
                return nil
            } catch {
                return error
            }
        }
        #expect(error == PN533Error.rfTimeout(command: .inDataExchange))
    }

    @Test func pollingWithNoTagReturnsNothingOnceTheRetriesAreSpent() async throws {
        let targets = try await clock.participate {
            try await reader.open()
            try await reader.setRetries(atr: 0, psl: 0, passiveActivation: 2)
            return try await reader.listPassiveTargets(max: 1)
        }
        #expect(targets.isEmpty)
    }
}
