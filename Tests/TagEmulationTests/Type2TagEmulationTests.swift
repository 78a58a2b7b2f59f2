import NDEF
import NFCRigTestSupport
import TagEmulation
import TagFormat
import Testing

/// The Type 2 Tag memory and its commands: READ with roll-over, WRITE with ACK and NAK,
/// one-time programmable lock bytes and CC, read-only tags, and the write observer.
@Suite struct Type2TagEmulationTests {
    static let uid: [UInt8] = [0x08, 0xA1, 0xB2, 0xC3]

    static func tag(
        dataAreaSize: Int = 48, message: [UInt8] = exampleURIMessage, readOnly: Bool = false
    ) -> Type2TagEmulation {
        do {
            return try Type2TagEmulation(
                memory: Type2TagMemory(
                    uid: uid, dataAreaSize: dataAreaSize, ndefMessage: message,
                    readOnly: readOnly))
        } catch {
            preconditionFailure("test tag does not set up: \(error)")
        }
    }

    /// `A2 n` and 4 bytes.
    static func write(_ block: Int, _ data: [UInt8]) -> [UInt8] { [0xA2, UInt8(block)] + data }

    @Test func readReturnsFourBlocksFromTheOneAsked() {
        var tag = Self.tag()
        #expect(
            tag.respond(to: [0x30, 0x00])
                == .data(bytes("08A1B2C3 D8000000 00480000 E1100600")))
        #expect(
            tag.respond(to: [0x30, 0x04])
                == .data([0x03, 0x10] + exampleURIMessage.prefix(14)))
    }

    @Test func readRollsOverFromTheLastBlockToBlockZero() {
        var tag = Self.tag()
        #expect(tag.blockCount == 16)
        #expect(
            tag.respond(to: [0x30, 0x0E])
                == .data(bytes("00000000 00000000 08A1B2C3 D8000000")))
    }

    @Test func readingOrWritingPastTheLastBlockIsInvalidArgument() {
        var tag = Self.tag()
        #expect(tag.respond(to: [0x30, 0x10]) == .negativeAcknowledgement(0))
        #expect(tag.respond(to: Self.write(0x10, [1, 2, 3, 4])) == .negativeAcknowledgement(0))
    }

    @Test func aWriteIsAcknowledgedWithTheNibbleAAndLandsInMemory() {
        var tag = Self.tag()
        let answer = tag.respond(to: Self.write(5, [1, 2, 3, 4]))
        #expect(answer == .acknowledgement)
        #expect(answer.nibble == 0x0A)
        #expect(tag.respond(to: [0x30, 0x05]) == .data([1, 2, 3, 4] + tag.memory[24..<36]))
        #expect(tag.writes == [TagWrite(offset: 20, bytes: [1, 2, 3, 4])])
    }

    @Test func theUIDBlocksCannotBeWritten() {
        var tag = Self.tag()
        #expect(tag.respond(to: Self.write(0, [0, 0, 0, 0])) == Type2Answer.invalidArgument)
        #expect(tag.respond(to: Self.write(1, [0, 0, 0, 0])) == Type2Answer.invalidArgument)
        #expect(tag.writes == [])
    }

    @Test func staticLockBytesAreORedInAndLockTheirBlocks() {
        var tag = Self.tag()
        // Bytes 0-1 of block 2 are not writable; lock1 bits 4-7 lock blocks 12-15.
        #expect(tag.respond(to: Self.write(2, [0xFF, 0xFF, 0x00, 0xF0])) == .acknowledgement)
        #expect(Array(tag.memory[8..<12]) == [0x00, 0x48, 0x00, 0xF0])
        #expect(tag.respond(to: Self.write(2, [0, 0, 0, 0x01])) == .acknowledgement)
        #expect(tag.memory[11] == 0xF1)
        #expect(tag.respond(to: Self.write(12, [1, 2, 3, 4])) == Type2Answer.invalidArgument)
        #expect(tag.respond(to: Self.write(8, [1, 2, 3, 4])) == Type2Answer.invalidArgument)
        #expect(tag.respond(to: Self.write(9, [1, 2, 3, 4])) == .acknowledgement)
    }

    @Test func blockLockingBitsFreezeTheLockBitsTheyGuard() {
        var tag = Self.tag()
        // Block-locking bit 2 freezes lock1 bits 2-7 (blocks 10-15).
        #expect(tag.respond(to: Self.write(2, [0, 0, 0x04, 0x00])) == .acknowledgement)
        #expect(tag.respond(to: Self.write(2, [0, 0, 0x00, 0xFF])) == .acknowledgement)
        #expect(tag.memory[11] == 0x03)
    }

    @Test func theCCIsOneTimeProgrammableAndAccessFMakesTheDataAreaReadOnly() {
        var tag = Self.tag()
        #expect(tag.respond(to: Self.write(3, [0x00, 0x00, 0x00, 0x0F])) == .acknowledgement)
        #expect(Array(tag.memory[12..<16]) == [0xE1, 0x10, 0x06, 0x0F])
        #expect(tag.respond(to: Self.write(4, [1, 2, 3, 4])) == Type2Answer.invalidArgument)
        #expect(tag.respond(to: Self.write(3, [0, 0, 0, 0])) == .acknowledgement)
        #expect(tag.memory[15] == 0x0F)
    }

    @Test func aReadOnlyTagIsReadButEveryDataWriteIsRefused() {
        var tag = Self.tag(readOnly: true)
        #expect(tag.respond(to: [0x30, 0x03]).nibble == nil)
        #expect(tag.respond(to: Self.write(4, [1, 2, 3, 4])) == Type2Answer.invalidArgument)
        #expect(tag.respond(to: Self.write(3, [0, 0, 0, 0])) == Type2Answer.invalidArgument)
        #expect(tag.storedNDEF.bytes == exampleURIMessage)
    }

    @Test func dynamicLockBitsLockEightBytesEachAfterTheStaticArea() {
        // 128 data bytes: 10 default lock bits in 2 bytes right after the data area (144).
        var tag = Self.tag(dataAreaSize: 128)
        #expect(tag.dynamicLockBits?.area == 144..<146)
        #expect(tag.respond(to: Self.write(16, [1, 2, 3, 4])) == .acknowledgement)
        #expect(tag.respond(to: Self.write(36, [0x01, 0x00, 0xAA, 0xBB])) == .acknowledgement)
        #expect(Array(tag.memory[144..<148]) == [0x01, 0x00, 0xAA, 0xBB])
        #expect(tag.respond(to: Self.write(16, [1, 2, 3, 4])) == Type2Answer.invalidArgument)
        #expect(tag.respond(to: Self.write(17, [1, 2, 3, 4])) == Type2Answer.invalidArgument)
        #expect(tag.respond(to: Self.write(18, [1, 2, 3, 4])) == .acknowledgement)
        #expect(tag.respond(to: Self.write(36, [0x00, 0x00, 0x00, 0x00])) == .acknowledgement)
        #expect(tag.memory[144] == 0x01)
    }

    @Test func aTagMadeReadOnlyStillTakesLockBytesSharingABlockWithOtherBytes() {
        // 496 data bytes: 56 default lock bits in 7 bytes at 512..<519, so block 129 holds
        // three lock bytes and one other; a reader locking the tag writes CC access 0F first.
        var tag = Self.tag(dataAreaSize: 496)
        #expect(tag.dynamicLockBits?.area == 512..<519)
        #expect(tag.respond(to: Self.write(3, [0xE1, 0x10, 0x3E, 0x0F])) == .acknowledgement)
        #expect(tag.respond(to: Self.write(128, [0xFF, 0xFF, 0xFF, 0xFF])) == .acknowledgement)
        #expect(tag.respond(to: Self.write(129, [0xFF, 0xFF, 0xFF, 0x00])) == .acknowledgement)
        #expect(tag.respond(to: Self.write(129, [0xFF, 0xFF, 0xFF, 0x5A])) == .acknowledgement)
        #expect(Array(tag.memory[512..<520]) == [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00])
        #expect(tag.respond(to: Self.write(4, [1, 2, 3, 4])) == Type2Answer.invalidArgument)
        #expect(tag.storedNDEF.bytes == exampleURIMessage)
    }

    @Test func otherCommandsAndWrongLengthsAreUnansweredErrorsAndHLTAHalts() {
        var tag = Self.tag()
        #expect(tag.respond(to: [0x1B, 1, 2, 3, 4]) == .unanswered)
        #expect(tag.respond(to: [0x30]) == .unanswered)
        #expect(tag.respond(to: [0xA2, 0x04, 1, 2, 3]) == .unanswered)
        #expect(tag.respond(to: []) == .unanswered)
        #expect(tag.respond(to: [0x50, 0x00]) == .silence)
    }

    @Test func getVersionNamesTheNTAGOfTheDataAreaSizeAndOtherSizesKeepSilent() throws {
        for (size, storage) in [(144, 0x0F), (496, 0x11), (872, 0x13)] as [(Int, UInt8)] {
            var ntag = try Type2TagEmulation(
                memory: try Type2TagMemory(uid: [0x08, 1, 2, 3], dataAreaSize: size))
            #expect(
                ntag.respond(to: [0x60])
                    == .data([0x00, 0x04, 0x04, 0x02, 0x01, 0x00, storage, 0x03]))
        }
        var other = try Type2TagEmulation(
            memory: try Type2TagMemory(uid: [0x08, 1, 2, 3], dataAreaSize: 48))
        #expect(other.respond(to: [0x60]) == .unanswered)
    }

    @Test func aCompatibilityWriteAcknowledgesThenWritesTheFirstFourOf16Bytes() {
        var tag = Self.tag()
        #expect(tag.respond(to: [0xA0, 0x05]) == .acknowledgement)
        #expect(tag.respond(to: Array(1...16)) == .acknowledgement)
        #expect(Array(tag.memory[20..<24]) == [1, 2, 3, 4])
        #expect(tag.respond(to: [0xA0, 0x00]) == Type2Answer.invalidArgument)
        #expect(tag.respond(to: [0xA0, 0x05]) == .acknowledgement)
        #expect(tag.respond(to: [1, 2, 3, 4]) == .unanswered)
    }

    @Test func imagesThatAreNotWholeBlocksOrTooLargeAreRefused() {
        #expect(throws: TagEmulationError.type2ImageSize(bytes: 18)) {
            try Type2TagEmulation(image: Array(repeating: 0, count: 18))
        }
        #expect(throws: TagEmulationError.type2ImageSize(bytes: 1028)) {
            try Type2TagEmulation(image: Array(repeating: 0, count: 1028))
        }
        let blank = try? Type2TagEmulation(image: Array(repeating: 0, count: 64))
        #expect(blank?.storedNDEF == .unreadable(.type2Memory(.badMagic(offset: 12, value: 0))))
    }
}

/// The T2T write observer: a WRITE lands at once, so only the states between writes count.
@Suite struct Type2WriteSafetyTests {
    static let newMessage = mediaMessage(payloadLength: 20, fill: 0x63)

    /// The NFC Forum procedure on block 4 onwards: `03 00 m0 m1`, the rest of the message and
    /// a terminator, then `03 LL m0 m1`.
    static func safeWrites(_ message: [UInt8]) -> [[UInt8]] {
        let tail = Array(message.dropFirst(2)) + [0xFE]
        let padded = tail + Array(repeating: 0, count: (4 - tail.count % 4) % 4)
        let middle = stride(from: 0, to: padded.count, by: 4).map { start in
            Type2TagEmulationTests.write(5 + start / 4, Array(padded[start..<start + 4]))
        }
        return [Type2TagEmulationTests.write(4, [0x03, 0x00] + message.prefix(2))] + middle
            + [Type2TagEmulationTests.write(4, [0x03, UInt8(message.count)] + message.prefix(2))]
    }

    @Test func theNFCForumProcedureIsTearingSafeAndEndsWithTheNewMessage() {
        var tag = Type2TagEmulationTests.tag()
        for command in Self.safeWrites(Self.newMessage) {
            #expect(tag.respond(to: command) == .acknowledgement)
        }
        let history = tag.writeHistory
        #expect(history.safety == .tearingSafe)
        #expect(history.steps.dropLast().allSatisfy { $0.stored == .empty })
        #expect(history.finalState.bytes == Self.newMessage)
        #expect(tag.storedNDEF.bytes == Self.newMessage)
    }

    @Test func writingTheLengthFirstLeavesATornMessageBehind() {
        var commands = Self.safeWrites(Self.newMessage)
        let last = commands.removeLast()
        commands[0] = last
        var tag = Type2TagEmulationTests.tag()
        for command in commands { _ = tag.respond(to: command) }
        let verdict = tag.writeHistory.safety
        guard case .unsafe(.brokenIntermediateState(0, let state)) = verdict else {
            Issue.record("expected a broken state after the first write, got \(verdict)")
            return
        }
        #expect(state.bytes?.count == Self.newMessage.count)
        #expect(state.bytes != Self.newMessage)
    }
}
