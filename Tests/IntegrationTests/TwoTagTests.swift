import NDEF
import NFCRigTestSupport
import PN533Sim
import Rig
import SimulatedRigSupport
import TagEmulation
import TagReader
import Testing

/// Two emulated tags in the field at once: the reader reports both, reads neither, and polls
/// again 500 ms after the detection, as the virtual clock measures it on both sides.
@Suite struct TwoTagTests {
    static let first = TestMessages.uri("https://example.com/first")
    static let second = TestMessages.uri("https://example.com/second")

    /// The two setups of a test: two tags of `kind`, or, for `nil`, one of each family.
    static func setups(_ kind: TagKind?) -> [TagSetup] {
        guard let kind else { return [TagKind.t4v2.setup(first), TagKind.t2.setup(second)] }
        return [kind.setup(first), kind.setup(second)]
    }

    @Test(arguments: TagKind.allCases.map { Optional($0) } + [nil])
    func twoTagsAreDetectedNeitherIsReadAndPollingRestarts500msLater(kind: TagKind?) async throws {
        let bench = try await Bench(tags: 2)
        let outcome = try await bench.run(Self.setups(kind)) {
            let detection = try await bench.reader.poll(timeout: .seconds(1))
            let commandsAfterDetection = [await bench.commands(of: 0), await bench.commands(of: 1)]
            // One tag taken away, the other is read.
            await bench.slots[1].remove()
            let single = try await bench.connect()
            let read = try await bench.reader.readNDEF()
            // Put back, both are reported again.
            await bench.slots[1].putBack()
            let again = try await bench.reader.poll(timeout: .seconds(1))
            return (detection, commandsAfterDetection, single, read, again)
        }
        let (detection, commandsAfterDetection, single, read, again) = outcome
        let both = Set(["tag-0", "tag-1"].map { [0x08] + RigTagSlot.nfcid(for: $0) })
        guard case .multipleTags(let found) = detection, case .multipleTags(let foundAgain) = again
        else {
            Issue.record("expected two tags both times, got \(detection) and \(again)")
            return
        }
        #expect(Set(found.map(\.identifier)) == both)
        #expect(Set(foundAgain.map(\.identifier)) == both)
        // No read: neither tag received a command beyond activation.
        #expect(commandsAfterDetection == [[], []])
        #expect(single.identifier == [0x08] + RigTagSlot.nfcid(for: "tag-0"))
        #expect(read == Self.first)

        let events = bench.readerEvents.all
        let detections = events.filter { $0.kind == .multipleTags(count: 2) }.map(\.at)
        let restarts = events.filter { $0.kind == .restartPolling }.map(\.at)
        #expect(detections.count == 2)
        #expect(restarts.count == 2)
        for (detected, restarted) in zip(detections, restarts) {
            #expect(restarted - detected == .milliseconds(500))
        }
        // The RF side: the reader's field goes off at the detection and back on once the
        // 500 ms are over (one USB command later).
        let switches = await bench.readerChip.fieldSwitches()
        for detected in detections {
            let off = try #require(switches.first { !$0.on && $0.at >= detected })
            let on = try #require(switches.first { $0.on && $0.at > off.at })
            #expect(off.at - detected < .milliseconds(5))
            #expect(on.at - detected >= .milliseconds(500))
            #expect(on.at - detected < .milliseconds(505))
        }
    }
}
