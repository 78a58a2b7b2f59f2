import NFCRigTestSupport
import TagEmulation
import TagFormat
import Testing

@testable import Conformance

/// What a Type 4 tag's log says a reader read and wrote of which file: the RF-side record the
/// `t4t-layout` suite judges.
@Suite struct Type4FileAccessTests {
    /// A log: each pair a command and the tag's answer, hex; other events as given.
    static func log(_ entries: [TagEvent.Kind]) -> [TagEvent] {
        entries.enumerated().map { TagEvent(at: .milliseconds($0.offset), kind: $0.element) }
    }

    static func exchange(_ command: String, _ answer: String) -> [TagEvent.Kind] {
        [.received(bytes(command)), .sent(bytes(answer))]
    }

    @Test func readsAndUpdatesCarryTheFileSelectedWhenTheyCame() throws {
        let events = Self.log(
            Self.exchange("00B0000002", "6986")
                + Self.exchange("00A4040007D276000085010100", "9000")
                + Self.exchange("00A4000C02E103", "9000")
                + Self.exchange("00B000000F", "000F2000FF00FF0406E10408000000 9000")
                + Self.exchange("00A4000C02E105", "6A82")
                + Self.exchange("00B0000F02", "6B00")
                + Self.exchange("00A4000C02E104", "9000")
                + Self.exchange("00B00002FF", "6700")
                + Self.exchange("00D60000020000", "9000")
                + Self.exchange("00B1000005540300800004", "53024142 9000")
                + [.released] + Self.exchange("00B0000002", "6986"))
        let accesses = Type4FileAccess.all(in: events, ndefFileID: 0xE104)
        #expect(
            accesses.map(\.file) == [
                .none, .capabilityContainer, .capabilityContainer, .ndef, .ndef, .ndef, .none,
            ])
        #expect(
            accesses.map(\.range) == [
                0..<2, 0..<15, 15..<17, 2..<257, 0..<2, 0x8000..<0x8002, 0..<2,
            ])
        #expect(accesses.map(\.isRead) == [true, true, true, true, false, true, true])
        #expect(accesses[3].status == .wrongLength && accesses[3].at == .milliseconds(14))
        #expect(
            accesses[3].summary.hasPrefix("READ BINARY at offset 2 for 255 byte(s) (00B00002FF"))
    }

    /// A refused SELECT of the NDEF file is noted on what follows until a SELECT succeeds,
    /// so a reader that reads on from the file still selected is seen to (T4T-L-021).
    @Test func accessesAfterARefusedNDEFSelectCarryItUntilASelectSucceeds() {
        let events = Self.log(
            Self.exchange("00A4040007D276000085010100", "9000")
                + Self.exchange("00A4000C02E103", "9000")
                + Self.exchange("00A4000C02E104", "6A82")
                + Self.exchange("00B0000002", "000F 9000")
                + Self.exchange("00A4000C02E105", "6A82")
                + Self.exchange("00B0000202", "2000 9000")
                + Self.exchange("00A4000C02E103", "9000")
                + Self.exchange("00B0000002", "000F 9000"))
        let accesses = Type4FileAccess.all(in: events, ndefFileID: 0xE104)
        #expect(
            accesses.map(\.file) == [
                .capabilityContainer, .capabilityContainer, .capabilityContainer,
            ])
        let refused = accesses.map { $0.afterRefusedNDEFSelect?.command.description }
        #expect(refused == ["00A4000C02E104", "00A4000C02E104", nil])
        #expect(accesses[0].afterRefusedNDEFSelect?.status == .fileNotFound)
    }

    @Test func theNDEFFileIsTheOneTheCCNames() {
        let events = Self.log(
            Self.exchange("00A4040007D276000085010100", "9000")
                + Self.exchange("00A4000C02E104", "9000") + Self.exchange("00B0000002", "0000 9000")
                + [.activated(firstCommand: bytes("E080"))]
                + Self.exchange("00A4040007D276000085010100", "9000")
                + Self.exchange("00A4000C02E105", "9000") + Self.exchange("00B0000002", "0010 9000")
        )
        let accesses = Type4FileAccess.all(in: events, ndefFileID: 0xE105)
        #expect(accesses.map(\.file) == [.none, .ndef])
    }

    /// A tag that answers an over-long READ BINARY with what it has and 9000 (T4T-L-033,
    /// T4T-L-034): the access counts the bytes that came, and its summary says so.
    @Test func aReadAnsweredWithFewerBytesThanAskedIsShort() {
        let events = Self.log(
            Self.exchange("00A4040007D276000085010100", "9000")
                + Self.exchange("00A4000C02E103", "9000")
                + Self.exchange("00B0000002", "FFFF 9000")
                + Self.exchange("00B000020F", "2000FF00FF0406E10408000000 9000")
                + Self.exchange("00B000020D", "2000FF00FF0406E10408000000 9000")
                + Self.exchange("00B0000F01", "6B00"))
        let accesses = Type4FileAccess.all(in: events, ndefFileID: 0xE104)
        #expect(accesses.map(\.answered) == [2, 13, 13, 0])
        #expect(accesses.map(\.isShort) == [false, true, false, false])
        #expect(
            accesses[1].summary
                == "READ BINARY at offset 2 for 15 byte(s) (00B000020F, answered 9000 (ok) with 13 bytes)",
            "\(accesses[1].summary)")
    }
}
