import PN533
import SimulatedRigSupport
import Testing

@testable import PN533Sim

/// Each scripted fault of the simulated chip, and what the driver does about it.
@Suite struct FaultInjectionTests: OnSimulatedRig {
    let simulated = SimulatedRig(emulators: 0)

    private func outcome(
        _ body: @Sendable @escaping () async throws(PN533Error) -> Void
    ) async -> PN533Error? {
        await clock.participate { () async -> PN533Error? in
            do throws(PN533Error) {
                try await body()
                return nil
            } catch {
                return error
            }
        }
    }

    @Test func aCorruptResponseIsNACKedAndTheResendIsUsed() async throws {
        await readerChip.inject(.corruptNextResponse)
        let version = try await clock.participate { try await reader.open() }
        #expect(version.chip == .pn533)
        let log = await readerChip.eventLog.map(\.kind)
        #expect(log.contains(.faultCommitted("corrupt checksum")))
        // The resend is the same response, sent again because the host asked with NACK.
        #expect(
            log.filter { $0 == .response(code: 0x03, data: [0x33, 0x02, 0x07, 0x07]) }.count == 1)
    }

    @Test func aMissingACKIsTolerated() async throws {
        try await clock.participate { try await reader.open() }
        await readerChip.inject(.dropNextACK)
        let version = try await clock.participate { try await reader.firmwareVersion() }
        #expect(version.chip == .pn533)
        #expect(await readerChip.eventLog.map(\.kind).contains(.faultCommitted("no ACK")))
    }

    @Test func severalAnswersWithoutACKAreTolerated() async throws {
        try await clock.participate { try await reader.open() }
        await readerChip.inject(.answerWithoutACK(count: 3))
        try await clock.participate {
            for _ in 0..<3 { _ = try await reader.firmwareVersion() }
        }
        let skipped = await readerChip.eventLog.map(\.kind).filter {
            $0 == .faultCommitted("no ACK")
        }
        #expect(skipped.count == 3)
    }

    @Test func aStalledCommandTimesOutAndIsAbortedByACK() async throws {
        try await clock.participate { try await reader.open() }
        await readerChip.inject(.stallNextCommand)
        let error = await outcome { () async throws(PN533Error) in
            _ = try await reader.firmwareVersion()
        }
        #expect(
            error
                == PN533Error.noResponse(command: .getFirmwareVersion, timeout: .milliseconds(100)))
        #expect(await readerChip.eventLog.map(\.kind).contains(.abortedByHost))
        // The chip is clean for the next command.
        let version = try await clock.participate { try await reader.firmwareVersion() }
        #expect(version.chip == .pn533)
    }

    @Test func aDelayedAnswerWithinTheTimeoutStillArrives() async throws {
        try await clock.participate { try await reader.open() }
        await readerChip.inject(.delayNextResponse(by: .milliseconds(50)))
        let before = clock.now
        _ = try await clock.participate { try await reader.firmwareVersion() }
        #expect(before.duration(to: clock.now) == .milliseconds(51))
    }

    @Test func anAnswerDelayedPastTheTimeoutIsDrainedBeforeTheNextCommand() async throws {
        try await clock.participate { try await reader.open() }
        await readerChip.inject(.delayNextResponse(by: .milliseconds(150)))
        let error = await outcome { () async throws(PN533Error) in
            _ = try await reader.firmwareVersion()
        }
        #expect(
            error
                == PN533Error.noResponse(command: .getFirmwareVersion, timeout: .milliseconds(100)))
        let status = try await clock.participate { try await reader.generalStatus() }
        #expect(status.targets.isEmpty)
    }

    @Test func aUSBDisconnectFailsEveryLaterTransfer() async throws {
        try await clock.participate { try await reader.open() }
        await readerChip.inject(.disconnectAfter(commands: 1))
        _ = try await clock.participate { try await reader.firmwareVersion() }
        let error = await outcome { () async throws(PN533Error) in
            _ = try await reader.firmwareVersion()
        }
        #expect(error == PN533Error.transport(.disconnected))
        let again = await outcome { () async throws(PN533Error) in
            _ = try await reader.generalStatus()
        }
        #expect(again == PN533Error.transport(.disconnected))
    }

    @Test func aTagLeavingAfterSomeBytesEndsTheExchangeWithATimeout() async throws {
        let identity = try TypeAIdentity(
            uid: [0x04, 1, 2, 3, 4, 5, 6], sensRes: [0, 0x44], selRes: 0)
        let tag = SoftwareTag(identity: identity) { _ in
            .withCRC([UInt8](repeating: 0, count: 16))
        }
        _ = await field.enter(tag, identity: identity)
        try await clock.participate {
            try await reader.open()
            _ = try await reader.listPassiveTargets()
            _ = try await reader.exchange(target: 1, [0x30, 0x00])
        }
        await readerChip.inject(.targetLeavesAfter(bytes: 3))
        let error = await outcome { () async throws(PN533Error) in
            _ = try await reader.exchange(target: 1, [0x30, 0x04])
            _ = try await reader.exchange(target: 1, [0x30, 0x08])
        }
        #expect(error == PN533Error.rfTimeout(command: .inDataExchange))
        #expect(tag.events.last == "field lost")
    }
}
