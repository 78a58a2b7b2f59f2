import ISODEP
import NFCRigTestSupport
import PN533
import SimulatedRigSupport
import Testing

/// A card's immediate handler: an answer from memory goes out without a task of its own,
/// and the async handler still serves what the immediate one leaves to it.
@Suite struct ImmediateHandlerTests {
    /// Counts the async handler's calls and answers like the test application.
    final class CountingHandler: Sendable {
        private let count = Locked(0)
        let inner: ISODEPCard.Handler

        init(_ inner: @escaping ISODEPCard.Handler) { self.inner = inner }

        var calls: Int { count.value }

        var handler: ISODEPCard.Handler {
            { [self] apdu in
                count.withLock { $0 += 1 }
                return await inner(apdu)
            }
        }
    }

    @Test func anImmediateAnswerLeavesTheAsyncHandlerUncalled() async throws {
        let rig = CardRig()
        let counting = CountingHandler(TestApplication.handler(clock: rig.clock))
        let card = rig.startCard(
            immediate: { apdu in apdu + [0x91, 0x00] }, handler: counting.handler)
        let answer = try await rig.read(.chip, card: card) { transceiver in
            try await transceiver.transceive([0x00, 0xB0, 0x00, 0x00, 0x02])
        }
        #expect(answer == [0x00, 0xB0, 0x00, 0x00, 0x02, 0x91, 0x00])
        #expect(counting.calls == 0)
        #expect(rig.events.sentCount { $0 == .wtx(1) } == 0)
    }

    @Test func anAPDUTheImmediateHandlerDeclinesGoesToTheAsyncHandler() async throws {
        let rig = CardRig()
        let counting = CountingHandler(TestApplication.handler(clock: rig.clock))
        // INS 5E makes the test application take P2 milliseconds: a slow answer.
        let card = rig.startCard(
            immediate: { apdu in apdu.count > 1 && apdu[1] == 0x5E ? nil : apdu + [0x91, 0x00] },
            handler: counting.handler)
        let (quick, slow) = try await rig.read(.chip, card: card) { transceiver in
            let quick = try await transceiver.transceive([0x00, 0x01])
            let slow = try await transceiver.transceive([0x00, 0x5E, 0x00, 100])
            return (quick, slow)
        }
        #expect(quick == [0x00, 0x01, 0x91, 0x00])
        #expect(slow == [0x90, 0x00])
        #expect(counting.calls == 1)
        // FWT of FWI 8 is 77.3 ms: 100 ms of work needs more time asked for.
        #expect(rig.events.sentCount { $0 == .wtx(1) } >= 1)
    }

    @Test func theAlwaysPolicyStillAsksForMoreTimeBeforeAnImmediateAnswer() async throws {
        let rig = CardRig()
        let card = rig.startCard(
            ISODEPCardConfiguration(ats: ATS(fsci: 8, fwi: 4), wtxPolicy: .always(multiplier: 7)),
            immediate: { apdu in apdu + [0x91, 0x00] })
        try await rig.read(.chip, card: card) { transceiver in
            for command: [UInt8] in [[0x01], [0x02]] {
                // The async handler answered: the always policy bypasses the immediate one.
                let answer = try await transceiver.transceive(command)
                #expect(answer == command + [0x90, 0x00])
            }
        }
        #expect(rig.events.sentCount { $0 == .wtx(7) } == 2)
    }
}
