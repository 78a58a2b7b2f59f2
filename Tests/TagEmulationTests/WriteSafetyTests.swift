import NDEF
import NFCRigTestSupport
import TagEmulation
import TagFormat
import Testing

/// The write observer: what a Type 4 Tag held after every prefix of a reader's writes, and
/// the tearing verdict.
@Suite struct WriteSafetyTests {
    static let newMessage = mediaMessage(payloadLength: 40, fill: 0x62)
    /// A 64-byte NDEF file holding the example URI.
    static let oldFile = file(exampleURIMessage)

    static func file(_ message: [UInt8], size: Int = 64) -> [UInt8] {
        do {
            return try NDEFFileLength.nlen.file(containing: message, maximumFileSize: size)
        } catch {
            preconditionFailure("test file does not fit: \(error)")
        }
    }

    static func nlen(_ length: Int) -> [UInt8] { [UInt8(length >> 8), UInt8(length & 0xFF)] }

    /// The NFC Forum procedure: NLEN 0000, the message in pieces from offset 2, then NLEN.
    static func safeWrites(_ message: [UInt8], piece: Int) -> [TagWrite] {
        let data = stride(from: 0, to: message.count, by: piece).map { start in
            TagWrite(
                offset: 2 + start, bytes: Array(message[start..<min(start + piece, message.count)]))
        }
        return [TagWrite(offset: 0, bytes: [0, 0])] + data
            + [TagWrite(offset: 0, bytes: nlen(message.count))]
    }

    @Test func theNFCForumProcedureIsTearingSafe() {
        let writes = Self.safeWrites(Self.newMessage, piece: 16)
        #expect(WriteSafety.classify(writes, initial: Self.oldFile) == .tearingSafe)
    }

    @Test func everyPrefixOfTheSafeProcedureLeavesAnEmptyFileUntilTheLastWrite() {
        let writes = Self.safeWrites(Self.newMessage, piece: 16)
        let history = WriteHistory(
            storage: .type4File(.nlen), initialMemory: Self.oldFile, writes: writes)
        #expect(history.initialState.bytes == exampleURIMessage)
        let states = history.steps.map(\.stored)
        #expect(states.dropLast().allSatisfy { $0 == .empty })
        #expect(history.finalState.bytes == Self.newMessage)
        guard case .message(let message, _) = history.finalState else {
            Issue.record("final state is not a message: \(history.finalState)")
            return
        }
        #expect(message.records.first?.payload.count == 40)
    }

    @Test func writingTheMessageBeforeZeroingNLENLeavesATornMessage() {
        let writes =
            Array(Self.safeWrites(Self.newMessage, piece: 16).dropFirst())
        let verdict = WriteSafety.classify(writes, initial: Self.oldFile)
        guard case .unsafe(.brokenIntermediateState(0, let state)) = verdict else {
            Issue.record("expected a broken state after the first write, got \(verdict)")
            return
        }
        guard case .malformed(let bytes, _) = state else {
            Issue.record("expected a malformed message, got \(state)")
            return
        }
        // The old NLEN (16) now announces the first 16 bytes of the new message.
        #expect(bytes == Array(Self.newMessage.prefix(16)))
    }

    @Test func nlenWrittenTogetherWithTheMessageCanTearInsideOneUpdate() {
        let whole = [TagWrite(offset: 0, bytes: Self.nlen(Self.newMessage.count) + Self.newMessage)]
        #expect(
            WriteSafety.classify(whole, initial: Self.oldFile)
                == .unsafe(.lengthWrittenWithMessage(operation: 0)))
        let blank = Self.file([])
        #expect(
            WriteSafety.classify(whole, initial: blank)
                == .unsafe(.lengthWrittenWithMessage(operation: 0)))
    }

    @Test func zeroingNLENTogetherWithNewDataIsUnsafeOnATagThatHeldAMessage() {
        let writes = [
            TagWrite(offset: 0, bytes: [0, 0] + Self.newMessage),
            TagWrite(offset: 0, bytes: Self.nlen(Self.newMessage.count)),
        ]
        #expect(
            WriteSafety.classify(writes, initial: Self.oldFile)
                == .unsafe(.lengthWrittenWithMessage(operation: 0)))
    }

    @Test func onABlankTagTheMessageThenNLENIsTearingSafe() {
        let writes = Array(Self.safeWrites(Self.newMessage, piece: 32).dropFirst())
        #expect(WriteSafety.classify(writes, initial: Self.file([])) == .tearingSafe)
    }

    @Test func rewritingNLENWithUnchangedMessageBytesIsNotAMixedWrite() {
        var writes = Self.safeWrites(Self.newMessage, piece: 16)
        writes[writes.count - 1] = TagWrite(
            offset: 0, bytes: Self.nlen(Self.newMessage.count) + Self.newMessage.prefix(4))
        #expect(WriteSafety.classify(writes, initial: Self.oldFile) == .tearingSafe)
    }

    @Test func aTornFileIsRepresentableAndReadsAsMalformedOrUnreadable() throws {
        let configuration = Type4TagConfiguration(maximumFileSize: 64)
        let torn = try Type4TagApplication(
            configuration: configuration,
            ndefFile: Self.nlen(30) + Array(Self.newMessage.prefix(30)))
        guard case .malformed(let bytes, _) = torn.storedNDEF else {
            Issue.record("expected malformed, got \(torn.storedNDEF)")
            return
        }
        #expect(bytes.count == 30)
        let overlong = try Type4TagApplication(
            configuration: configuration, ndefFile: [0x01, 0x00])
        #expect(
            overlong.storedNDEF
                == .unreadable(
                    .ndefFile(.lengthExceedsCapacity(offset: 0, length: 256, capacity: 62))))
    }

    @Test func theTagRecordsTheUpdatesItAcceptedForTheObserver() throws {
        var tag = try Type4TagApplication(
            configuration: Type4TagConfiguration(maximumFileSize: 64), message: exampleURIMessage)
        _ = tag.respond(to: bytes("00A4040007D276000085010100"))
        _ = tag.respond(to: bytes("00A4000C02E104"))
        let apdus = Self.safeWrites(Self.newMessage, piece: 20).map { write in
            [0x00, 0xD6, 0x00, UInt8(write.offset), UInt8(write.bytes.count)] + write.bytes
        }
        for apdu in apdus { #expect(tag.respond(to: apdu) == bytes("9000")) }
        #expect(tag.respond(to: bytes("00D6004001 00")) == bytes("6B00"))
        let history = tag.writeHistory
        #expect(history.writes == Self.safeWrites(Self.newMessage, piece: 20))
        #expect(history.safety == .tearingSafe)
        #expect(tag.storedNDEF.bytes == Self.newMessage)
    }

    @Test func noWritesAtAllAreTriviallyTearingSafe() {
        #expect(WriteSafety.classify([], initial: Self.oldFile) == .tearingSafe)
    }
}
