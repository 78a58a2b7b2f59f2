import NDEF
import NFCRigTestSupport
import PN533Sim
import SimulatedRigSupport
import TagReader
import Testing

/// The session around the operations: events also through the stream, one operation at a
/// time, invalidation.
@Suite struct ReaderSessionTests {
    @Test func theEventStreamCarriesWhatTheCallbackSaw() async throws {
        let rig = SimulatedReaderRig()
        let message = TestMessages.uri("https://stream.example")
        await rig.enter(try Type4TestTag(message: TestMessages.bytes(message)))
        _ = try await rig.withTag { _ in try await rig.reader.readNDEF() }
        var iterator = rig.reader.events.makeAsyncIterator()
        var streamed: [ReaderEvent] = []
        for _ in rig.events.all { if let event = await iterator.next() { streamed.append(event) } }
        #expect(streamed == rig.events.all)
        #expect(streamed.map(\.kind).suffix(2) == [.readStarted, .readCompleted(message)])
        #expect(zip(streamed, streamed.dropFirst()).allSatisfy { $0.at <= $1.at })
    }

    @Test func anOperationStartedWhileAnotherRunsIsReaderBusy() async throws {
        let rig = SimulatedReaderRig()
        let message = TestMessages.texts(3)
        await rig.enter(try Type4TestTag(message: TestMessages.bytes(message)))
        let (error, read) = try await rig.withTag { _ in
            let reading = rig.clock.spawn { try await rig.reader.readNDEF() }
            try await rig.clock.sleep(for: .microseconds(10))
            let error = await #expect(throws: NFCReaderError.self) {
                try await rig.reader.queryNDEFStatus()
            }
            return (error, try await reading.value)
        }
        #expect(error == .readerBusy)
        #expect(error?.coreNFCCode == nil, "Apple's 203 means another session is active, not this")
        #expect(read == message)
    }

    @Test func invalidateSwitchesTheFieldOffAndForgetsTheTag() async throws {
        let rig = SimulatedReaderRig()
        await rig.enter(try Type4TestTag(message: TestMessages.bytes(TestMessages.texts(1))))
        try await rig.withTag { _ in try await rig.reader.invalidate() }
        #expect(await rig.reader.connectedTag == nil)
        #expect(await rig.chip.fieldSwitches().last?.on == false)
    }
}
