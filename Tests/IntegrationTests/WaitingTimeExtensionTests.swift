import NDEF
import NFCRigTestSupport
import PN533Sim
import Rig
import TagEmulation
import TagReader
import Testing

/// A Type 4 emulator slower than its frame waiting time (FWI 8, about 77 ms) asks for more
/// time with S(WTX) before every answer, and the reader waits it out.
@Suite struct WaitingTimeExtensionTests {
    static let delay = Duration.milliseconds(120)

    @Test(arguments: TagKind.type4)
    func aSlowEmulatorSendsWTXAndIsStillReadAndWritten(kind: TagKind) async throws {
        let onTag = TestMessages.filling(400)
        let written = TestMessages.texts(6)
        var setup = kind.type4Setup(TestMessages.bytes(onTag))
        setup.responseDelay = Self.delay
        let bench = try await Bench()
        let (read, reread) = try await bench.run(.type4(setup)) {
            try await bench.readWriteAndReadAgain(written)
        }
        #expect(read == onTag)
        #expect(reread == written)
        let events = await bench.events()
        let apdus = events.filter { if case .received = $0.kind { true } else { false } }
        let extensions = events.filter {
            if case .waitingTimeExtension = $0.kind { true } else { false }
        }
        // Each answer takes 120 ms: S(WTX) at half the FWT, and again before it runs out.
        #expect(apdus.count > 10)
        #expect(extensions.count >= 2 * apdus.count)
        // The reader chip answered every S(WTX) on the RF side.
        let answered = await bench.readerChip.eventLog.filter { $0.kind == .rf("WTX x1") }
        #expect(answered.count == extensions.count)
        // The read took at least the tag's time for each of its APDUs.
        let log = bench.readerEvents.all
        let started = try #require(log.first { $0.kind == .readStarted }?.at)
        let completed = try #require(
            log.first { if case .readCompleted = $0.kind { true } else { false } }?.at)
        let readAPDUs = apdus.filter { $0.at >= started && $0.at <= completed }.count
        #expect(readAPDUs >= 6)
        #expect(completed - started >= Self.delay * readAPDUs)
        #expect(await bench.slot.writeHistory()?.safety == .tearingSafe)
    }
}
