import NDEF
import NFCRigTestSupport
import PN533Sim
import TagReader
import Testing

/// A tag torn away at every APDU of a write: the reader reports the loss, and the tag holds
/// the old message, no message, or the new one: never a corrupt one.
@Suite struct TearingTests {
    static let old = TestMessages.bytes(TestMessages.uri("https://old.example/a/longer/path"))
    static let new = TestMessages.texts(5)

    /// What a tag holds after a torn write.
    enum Outcome: Equatable {
        case old, empty, new
        case corrupt([UInt8])
    }

    static func outcome(_ stored: [UInt8]) -> Outcome {
        switch stored {
        case old: .old
        case []: .empty
        case TestMessages.bytes(new): .new
        default: .corrupt(stored)
        }
    }

    /// Writes `new` to a tag (MLc 16) that leaves after `answered` APDUs; the outcome and the
    /// reader's error.
    static func tornWrite(
        after answered: Int, applyingTheLast: Bool, faults: ReaderFaults = .none
    ) async throws -> (Outcome, NFCReaderError?) {
        let rig = SimulatedReaderRig(configuration: ReaderConfiguration(faults: faults))
        let tag = try Type4TestTag(message: old, mlc: 0x0010)
        await rig.enter(tag)
        let error = try await rig.withTag { _ -> NFCReaderError? in
            tag.leave(afterAPDUs: answered, applyingTheLast: applyingTheLast)
            do throws(NFCReaderError) {
                try await rig.reader.writeNDEF(new)
                return nil
            } catch {
                return error
            }
        }
        return (outcome(tag.storedMessage), error)
    }

    /// How many APDUs a whole write takes with `faults`.
    static func writeLength(faults: ReaderFaults = .none) async throws -> Int {
        let rig = SimulatedReaderRig(configuration: ReaderConfiguration(faults: faults))
        let tag = try Type4TestTag(message: old, mlc: 0x0010)
        await rig.enter(tag)
        try await rig.withTag { _ in try await rig.reader.writeNDEF(new) }
        #expect(outcome(tag.storedMessage) == .new)
        return tag.apdus.count
    }

    @Test(arguments: [false, true])
    func aTornTearingSafeWriteNeverLeavesACorruptMessage(applyingTheLast: Bool) async throws {
        let total = try await Self.writeLength()
        #expect(total > 8)
        var seen: Set<String> = []
        for answered in 0..<total {
            let (outcome, error) = try await Self.tornWrite(
                after: answered, applyingTheLast: applyingTheLast)
            if case .corrupt(let bytes) = outcome {
                Issue.record("torn after \(answered) APDUs: the tag holds \(bytes)")
            }
            seen.insert("\(outcome)")
            guard case .tagConnectionLost = error else {
                Issue.record("torn after \(answered) APDUs: \(String(describing: error))")
                continue
            }
        }
        #expect(seen == ["old", "empty"] || seen == ["old", "empty", "new"])
    }

    @Test func aTornWriteIsReportedAsWriteFailedWithoutRestartingPolling() async throws {
        let rig = SimulatedReaderRig()
        let tag = try Type4TestTag(message: Self.old, mlc: 0x0010)
        await rig.enter(tag)
        try await rig.withTag { _ in
            tag.leave(afterAPDUs: 6)
            _ = await #expect(throws: NFCReaderError.self) {
                try await rig.reader.writeNDEF(Self.new)
            }
        }
        guard case .writeFailed(.tagConnectionLost) = rig.events.kinds.last else {
            Issue.record("last event: \(String(describing: rig.events.kinds.last))")
            return
        }
        #expect(!rig.events.kinds.contains(.restartPolling))
    }

    @Test func theUnsafeWriteOrderFaultLeavesACorruptMessageWhenTorn() async throws {
        let faults = ReaderFaults(unsafeWriteOrder: true)
        let total = try await Self.writeLength(faults: faults)
        var corrupt = 0
        for answered in 0..<total {
            let (outcome, _) = try await Self.tornWrite(
                after: answered, applyingTheLast: false, faults: faults)
            if case .corrupt = outcome { corrupt += 1 }
        }
        #expect(corrupt > 0)
    }
}
