import NDEF
import NFCRigTestSupport
import PN533
import PN533Sim
import SimulatedRigSupport
import TagReader
import Testing

/// Polling: one tag connects, several are reported and never read, and polling restarts
/// 500 ms after the detection, measured on the virtual clock from the reader's events and
/// from the chip's own RF log.
@Suite struct PollingTests {
    let rig = SimulatedReaderRig()

    @Test func oneTagConnectsAndIsReportedOnce() async throws {
        let tag = try Type4TestTag(message: TestMessages.bytes(TestMessages.texts(1)))
        await rig.enter(tag)
        let result = try await rig.run { try await rig.reader.poll(timeout: .seconds(1)) }
        guard case .tag(let found) = result else {
            Issue.record("expected one tag, got \(result)")
            return
        }
        #expect(found.identifier == tag.identity.uid)
        #expect(found.type == .type4)
        #expect(await rig.reader.connectedTag == found)
        #expect(rig.events.kinds == [.pollStarted, .tagsDetected([found])])
    }

    @Test func aConnectedTagIsFoundAgainByTheNextPollAfterAFieldReset() async throws {
        let tag = try Type4TestTag(message: TestMessages.bytes(TestMessages.texts(1)))
        await rig.enter(tag)
        let results = try await rig.run {
            [
                try await rig.reader.poll(timeout: .seconds(1)),
                try await rig.reader.poll(timeout: .seconds(1)),
            ]
        }
        #expect(results.allSatisfy { if case .tag = $0 { true } else { false } })
        let switches = await rig.chip.fieldSwitches()
        let off = try #require(switches.last { !$0.on })
        let on = try #require(switches.last { $0.on })
        #expect(on.at - off.at >= .milliseconds(5))
    }

    @Test func twoTagsAreReportedUnreadAndPollingRestarts500MillisecondsLater() async throws {
        let first = try Type4TestTag(message: [0xD0, 0, 0], uid: [0x08, 0x01, 0x01, 0x01])
        let second = try Type4TestTag(message: [0xD0, 0, 0], uid: [0x08, 0x02, 0x02, 0x02])
        await rig.enter(first)
        await rig.enter(second)
        let result = try await rig.run { try await rig.reader.poll(timeout: .seconds(1)) }
        #expect(result.multipleTagCount == 2)
        #expect(first.apdus.isEmpty && second.apdus.isEmpty)
        #expect(await rig.reader.connectedTag == nil)
        let detected = try #require(rig.events.first { $0 == .multipleTags(count: 2) })
        let restarted = try #require(rig.events.first { $0 == .restartPolling })
        #expect(restarted - detected == .milliseconds(500))
        // The RF side: the field went off right after the detection and came back on after
        // the delay (plus one USB command).
        let switches = await rig.chip.fieldSwitches()
        let off = try #require(switches.last { !$0.on && $0.at >= detected })
        let on = try #require(switches.last { $0.on })
        #expect(off.at - detected <= .milliseconds(2))
        #expect(on.at - detected >= .milliseconds(500))
        #expect(on.at - detected <= .milliseconds(502))
    }

    @Test func pollingAgainWithBothTagsStillThereRepeatsTheCycle() async throws {
        for uid: [UInt8] in [[0x08, 1, 1, 1], [0x08, 2, 2, 2]] {
            await rig.enter(try Type4TestTag(message: [0xD0, 0, 0], uid: uid))
        }
        let results = try await rig.run {
            [
                try await rig.reader.poll(timeout: .seconds(1)),
                try await rig.reader.poll(timeout: .seconds(1)),
            ]
        }
        #expect(results.map(\.multipleTagCount) == [2, 2])
        let times = rig.events.all.filter {
            $0.kind == .multipleTags(count: 2) || $0.kind == .restartPolling
        }.map(\.at)
        #expect(times.count == 4)
        #expect(times[1] - times[0] == .milliseconds(500))
        #expect(times[3] - times[2] == .milliseconds(500))
    }

    @Test func threeTagsAreCountedBySelectingAndDeselectingBeyondTheChipsTwo() async throws {
        for index: UInt8 in 1...3 {
            await rig.enter(try Type4TestTag(message: [0xD0, 0, 0], uid: [0x08, index, 0, 0]))
        }
        let result = try await rig.run { try await rig.reader.poll(timeout: .seconds(1)) }
        #expect(result.multipleTagCount == 3)
        guard case .tagsDetected(let tags) = rig.events.kinds.dropFirst().first else {
            Issue.record("no tagsDetected event: \(rig.events.kinds)")
            return
        }
        #expect(Set(tags.map(\.identifier)).count == 3)
    }

    @Test func aTagThatAnswersAgainAtOnceAfterHLTAIsCountedOnceAndConnected() async throws {
        // An emulator arming its chip again at once, unlike a card in HALT: its UID comes
        // back, which ends the count (as libnfc's listing ends), and it is the tag connected.
        let tag = try Type4TestTag(message: [0xD0, 0, 0], uid: [0x08, 1, 1, 1])
        await RearmingTag(tag.softwareTag(clock: rig.clock), field: rig.field).enter()
        let result = try await rig.run { try await rig.reader.poll(timeout: .seconds(1)) }
        guard case .tag(let connected) = result else {
            Issue.record("expected one tag, got \(result)")
            return
        }
        #expect(connected.identifier == [0x08, 1, 1, 1])
        guard case .tagsDetected(let found) = rig.events.kinds.dropFirst().first else {
            Issue.record("no tagsDetected event: \(rig.events.kinds)")
            return
        }
        #expect(found.map(\.identifier) == [[0x08, 1, 1, 1]])
    }

    @Test func pollingWithNoTagGivesUpAfterTheTimeoutOnTheVirtualClock() async throws {
        let (result, elapsed) = try await rig.run {
            let start = rig.clock.now
            let result = try await rig.reader.poll(timeout: .milliseconds(300))
            return (result, start.duration(to: rig.clock.now))
        }
        #expect(result == .noTag)
        #expect(elapsed >= .milliseconds(300))
        #expect(elapsed < .milliseconds(400))
    }

    @Test func aTagEnteringWhilePollingIsFound() async throws {
        let tag = try Type4TestTag(message: TestMessages.bytes(TestMessages.texts(1)))
        let result = try await rig.run {
            let arrival = rig.clock.spawn {
                try await rig.clock.sleep(for: .milliseconds(120))
                await rig.enter(tag)
            }
            let result = try await rig.reader.poll(timeout: .seconds(1))
            try await arrival.value
            return result
        }
        #expect(result != .noTag && result.multipleTagCount == nil)
        let found = try #require(
            rig.events.first { if case .tagsDetected = $0 { true } else { false } })
        #expect(found >= .milliseconds(120))
    }

    @Test func restartPollingForgetsTheTagAndAReadThenIsTagNotConnected() async throws {
        let tag = try Type4TestTag(message: TestMessages.bytes(TestMessages.texts(1)))
        await rig.enter(tag)
        let error = try await rig.withTag { _ in
            try await rig.reader.restartPolling()
            return await #expect(throws: NFCReaderError.self) { try await rig.reader.readNDEF() }
        }
        #expect(error == .tagNotConnected)
        #expect(error?.coreNFCCode?.value == 104)
        #expect(rig.events.kinds.filter { $0 == .restartPolling }.count == 1)
    }

    @Test func aReadBeforeAnyPollIsTagNotConnectedAndDoesNotRestartPolling() async throws {
        let error = try await rig.run {
            await #expect(throws: NFCReaderError.self) { try await rig.reader.readNDEF() }
        }
        #expect(error == .tagNotConnected)
        #expect(!rig.events.kinds.contains(.restartPolling))
    }

    @Test func aCardOfNoSupportedTypeIsReportedNotSupported() async throws {
        let identity = try TypeAIdentity(
            uid: [0x11, 0x22, 0x33, 0x44], sensRes: [0x00, 0x04], selRes: 0x08)
        let card = SoftwareTag(identity: identity) { _ in nil }
        await rig.enter(card)
        let (type, status, error) = try await rig.withTag { tag in
            (
                tag.type, try await rig.reader.queryNDEFStatus(),
                await #expect(throws: NFCReaderError.self) { try await rig.reader.readNDEF() }
            )
        }
        #expect(type == .unsupported)
        #expect(status.status == .notSupported && status.capacity == 0)
        #expect(
            error == .ndefNotSupported(.unsupportedTagType(sensRes: [0x00, 0x04], selRes: 0x08)))
    }

    @Test(arguments: [
        (
            PassiveTarget(tg: 1, sensRes: [0, 4], selRes: 0x20, nfcid: [8, 1, 2, 3], ats: [1]),
            NFCTagType.type4
        ),
        (
            PassiveTarget(tg: 1, sensRes: [0, 0x44], selRes: 0x00, nfcid: [4, 1, 2, 3, 4, 5, 6]),
            .type2
        ),
        (PassiveTarget(tg: 1, sensRes: [0, 4], selRes: 0x00, nfcid: [8, 1, 2, 3]), .type2),
        (PassiveTarget(tg: 1, sensRes: [0, 4], selRes: 0x08, nfcid: [1, 2, 3, 4]), .unsupported),
        (
            PassiveTarget(tg: 1, sensRes: [0, 0x44], selRes: 0x20, nfcid: [4, 1, 2, 3, 4, 5, 6]),
            .unsupported
        ),
        (
            PassiveTarget(
                tg: 1, sensRes: [0x03, 0x44], selRes: 0x00, nfcid: [4, 1, 2, 3, 4, 5, 6]),
            .unsupported
        ),
    ])
    func targetsAreClassifiedBySensResSelResAndATS(target: PassiveTarget, type: NFCTagType) {
        #expect(NFCTagType(classifying: target) == type)
    }
}

/// A card that does not stay asleep: after HLTA it comes back as a new idle card answering
/// REQA, as a tag emulator does when it arms its chip again after the reader let go.
final class RearmingTag: RFTarget {
    let tag: SoftwareTag
    let field: RFField
    private let handle = Locked<RFField.TargetHandle?>(nil)

    init(_ tag: SoftwareTag, field: RFField) {
        self.tag = tag
        self.field = field
    }

    /// Enters the field as an idle card.
    func enter() async {
        let entered = await field.enter(self, identity: tag.identity)
        handle.withLock { $0 = entered }
    }

    func selected(at instant: SimulationInstant, in field: isolated RFField) {
        tag.selected(at: instant, in: field)
    }

    func receive(
        _ frame: AirFrame, endedAt instant: SimulationInstant, reply: RFReply,
        in field: isolated RFField
    ) {
        tag.receive(frame, endedAt: instant, reply: reply, in: field)
    }

    func halted(in field: isolated RFField) {
        guard let old = handle.value else { return }
        field.leave(old)
        let entered = field.enter(self, identity: tag.identity)
        handle.withLock { $0 = entered }
    }

    func fieldLost(in field: isolated RFField) { tag.fieldLost(in: field) }
}
