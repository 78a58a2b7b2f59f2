import NFCRigTestSupport
import TagEmulation
import TagFormat
import Testing

@testable import Conformance

/// What an emulated tag served on the air, activation by activation: the RF-side record a
/// reported message, status or refusal must rest on.
@Suite struct AirReadTests {
    static func log(_ entries: [TagEvent.Kind]) -> [TagEvent] { Type4FileAccessTests.log(entries) }

    static func exchange(_ command: String, _ answer: String) -> [TagEvent.Kind] {
        Type4FileAccessTests.exchange(command, answer)
    }

    static let activation = TagEvent.Kind.activated(firstCommand: [0xE0, 0x80])

    /// A T4T 2.0 read of a 3-byte message: the CC (NDEF file E104), NLEN, the message.
    static let type4Read: [TagEvent.Kind] =
        [activation]
        + exchange("00A4040007D276000085010100", "9000")
        + exchange("00A4000C02E103", "9000")
        + exchange("00B000000F", "000F20003B00340406E10408000000 9000")
        + exchange("00A4000C02E104", "9000")
        + exchange("00B0000002", "0003 9000")
        + exchange("00B0000203", "D00000 9000")

    @Test func aType4ReadServesTheCCAndTheNDEFFileTheCCNames() throws {
        let reads = AirRead.activations(in: Self.log(Self.type4Read))
        let read = try #require(reads.first)
        #expect(reads.count == 1)
        #expect(read.ndefFileID == 0xE104)
        #expect(read.offsets(of: Type4Tag.capabilityContainerFileID) == Set(0..<15))
        #expect(read.offsets(of: 0xE104) == Set(0..<5))
        #expect(read.files[0xE104]?[2] == 0xD0)
    }

    @Test func anAnswerWithoutStatus9000ServesNothing() throws {
        let events = Self.log(
            [Self.activation] + Self.exchange("00A4000C02E104", "9000")
                + Self.exchange("00B0000002", "6B00") + Self.exchange("00B0000002", "0003 6282"))
        let read = try #require(AirRead.activations(in: events).first)
        #expect(read.files.isEmpty)
    }

    @Test func eachActivationKeepsWhatItServedAndAReleaseForgetsTheSelectedFile() throws {
        let events = Self.log(
            Self.type4Read + [.released, Self.activation] + Self.exchange("00B0000002", "0003 9000")
        )
        let reads = AirRead.activations(in: events)
        #expect(reads.count == 2)
        // No file selected in the second activation: the READ BINARY served no known file.
        #expect(reads.last?.files.isEmpty == true)
    }

    @Test func onlyAnswersFromSinceCountExceptTheCC() throws {
        let events = Self.log(Self.type4Read + Self.exchange("00B0000002", "0003 9000"))
        // The last answer is event 14; the CC came before it.
        let read = try #require(AirRead.activations(in: events, since: .milliseconds(14)).first)
        #expect(read.offsets(of: Type4Tag.capabilityContainerFileID) == Set(0..<15))
        #expect(read.offsets(of: 0xE104) == Set(0..<2))
    }

    @Test func anActivationOverBeforeSinceIsLeftOut() {
        let events = Self.log(Self.type4Read + [.released, Self.activation])
        let reads = AirRead.activations(in: events, since: .milliseconds(20))
        #expect(reads.count == 1)
        #expect(reads.first?.files.isEmpty == true)
    }

    @Test func aType2ReadServesSixteenBytesFromItsBlock() throws {
        let sixteen = String(repeating: "00", count: 16)
        let events = Self.log(
            [.activated(firstCommand: [0x30, 0x03])] + Self.exchange("3003", sixteen)
                + Self.exchange("3007", "0A"))
        let read = try #require(AirRead.activations(in: events).first)
        #expect(read.addresses == Set(12..<28))
    }

    @Test func missingBytesAreNamedInRuns() {
        #expect(AirRead.describe(missing: 0..<10, in: Set([0, 1, 4, 9])) == "2–3, 5–8")
        #expect(AirRead.firstMissing(0..<3, in: Set([0, 1, 2])) == nil)
        #expect(AirRead.firstMissing(0..<3, in: Set([0, 2])) == 1)
    }
}
