import NDEF
import NFCRigTestSupport
import PN533
import PN533Sim
import TagFormat
import TagReader
import Testing

/// Reads that fail: each reports a typed error, and polling restarts 500 ms after it.
@Suite struct ReadFailureTests {
    let rig = SimulatedReaderRig()

    /// Runs a read expected to fail and checks the restart that follows it.
    func failingRead() async throws -> NFCReaderError? {
        let error = try await rig.withTag { _ in
            await #expect(throws: NFCReaderError.self) { try await rig.reader.readNDEF() }
        }
        let failed = try #require(
            rig.events.first { if case .readFailed = $0 { true } else { false } })
        let restarted = try #require(rig.events.first { $0 == .restartPolling })
        #expect(restarted - failed == .milliseconds(500))
        #expect(await rig.reader.connectedTag == nil)
        return error
    }

    @Test func anEmptyTagIsZeroLengthMessageAsCoreNFCReportsIt() async throws {
        await rig.enter(try Type4TestTag(message: []))
        let error = try await failingRead()
        #expect(error == .zeroLengthMessage)
        #expect(error?.coreNFCCode?.value == 403)
    }

    @Test func anEmptyTagStillReportsItsStatusAndCapacity() async throws {
        await rig.enter(try Type4TestTag(message: [], fileSize: 256))
        let status = try await rig.withTag { _ in try await rig.reader.queryNDEFStatus() }
        #expect(status.status == .readWrite)
        #expect(status.capacity == 254)
    }

    @Test func anISODEPCardWithoutTheNDEFApplicationIsNotSupported() async throws {
        let tag = try Type4TestTag(message: [])
        tag.change { $0.hasNDEFApplication = false }
        await rig.enter(tag)
        let status = try await rig.withTag { _ in try await rig.reader.queryNDEFStatus() }
        #expect(status.status == .notSupported && status.capacity == 0)
        let error = try await failingRead()
        #expect(error == .ndefNotSupported(.noNDEFApplication(.fileNotFound)))
        #expect(error?.coreNFCCode == nil)
    }

    @Test func bytesThatAreNoNDEFMessageAreAnInvalidMessage() async throws {
        await rig.enter(try Type4TestTag(message: [0x91, 0x01, 0x00, 0x55]))
        let error = try await failingRead()
        guard case .invalidMessage = error else {
            Issue.record("expected invalidMessage, got \(String(describing: error))")
            return
        }
    }

    @Test func anNLENBeyondTheFileIsATagResponseError() async throws {
        let tag = try Type4TestTag(message: [0xD0, 0, 0], fileSize: 64)
        tag.change { $0.ndefFile[0...1] = [0x00, 0x40] }
        await rig.enter(tag)
        let error = try await failingRead()
        #expect(
            error
                == .tagResponseError(
                    .ndefFile(.lengthExceedsCapacity(offset: 0, length: 64, capacity: 62))))
    }

    @Test func aTagThatLeftBeforeTheReadIsTagConnectionLost() async throws {
        let tag = try Type4TestTag(message: TestMessages.bytes(TestMessages.texts(1)))
        let handle = await rig.enter(tag)
        let error = try await rig.withTag { _ in
            await rig.field.leave(handle)
            return await #expect(throws: NFCReaderError.self) { try await rig.reader.readNDEF() }
        }
        guard case .tagConnectionLost = error else {
            Issue.record("expected tagConnectionLost, got \(String(describing: error))")
            return
        }
        #expect(error?.coreNFCCode?.name == "readerTransceiveErrorTagConnectionLost")
    }

    @Test func aTagRemovedAtEveryAPDUOfAReadGivesTagConnectionLostAndARestart() async throws {
        let message = TestMessages.texts(12)
        let bytes = TestMessages.bytes(message)
        let total = try await Self.apduCount(message: bytes) { rig, _ in
            _ = try await rig.withTag { _ in try await rig.reader.readNDEF() }
        }
        #expect(total >= 6)
        for answered in 0..<total {
            let rig = SimulatedReaderRig()
            let tag = try Type4TestTag(message: bytes, mle: 0x0020)
            await rig.enter(tag)
            let error = try await rig.withTag { _ in
                tag.leave(afterAPDUs: answered)
                return await #expect(throws: NFCReaderError.self) {
                    try await rig.reader.readNDEF()
                }
            }
            guard case .tagConnectionLost = error else {
                Issue.record("after \(answered) APDUs: \(String(describing: error))")
                continue
            }
            let failed = try #require(
                rig.events.first { if case .readFailed = $0 { true } else { false } })
            #expect(rig.events.first { $0 == .restartPolling } == failed + .milliseconds(500))
            #expect(tag.apdus.count == answered)
        }
    }

    /// How many APDUs `body` sends to a fresh tag holding `message` (MLe 32).
    static func apduCount(
        message: [UInt8], _ body: @Sendable (SimulatedReaderRig, Type4TestTag) async throws -> Void
    ) async throws -> Int {
        let rig = SimulatedReaderRig()
        let tag = try Type4TestTag(message: message, mle: 0x0020)
        await rig.enter(tag)
        try await body(rig, tag)
        return tag.apdus.count
    }
}

extension ReadFailureTests {
    @Test func aQueryThatFailsBecauseTheTagLeftAlsoRestartsPolling() async throws {
        let handle = await rig.enter(try Type4TestTag(message: [0xD0, 0, 0]))
        _ = try await rig.withTag { _ in
            await rig.field.leave(handle)
            await #expect(throws: NFCReaderError.self) { try await rig.reader.queryNDEFStatus() }
        }
        let failed = try #require(
            rig.events.first { if case .readFailed = $0 { true } else { false } })
        let restarted = try #require(rig.events.first { $0 == .restartPolling })
        #expect(restarted - failed == .milliseconds(500))
    }
}
