import NDEF
import NFCRigTestSupport
import Rig
import TagEmulation
import TagReader
import Testing

/// One rig, many cases: a slot presents one tag after another on the same chip, as the
/// conformance suites do between cases, and the reader finds each one as presented.
@Suite struct SlotTests {
    @Test(arguments: TagKind.allCases, TagKind.allCases)
    func aSlotPresentingAnotherTagIsReadWithTheNewTagsContent(
        first: TagKind, second: TagKind
    ) async throws {
        let firstMessage = TestMessages.uri("https://example.com/first")
        let secondMessage = TestMessages.texts(3)
        let bench = try await Bench()
        let (before, after, tag) = try await bench.run(first.setup(firstMessage)) {
            try await bench.connect()
            let before = try await bench.reader.readNDEF()
            try await bench.slot.present(second.setup(secondMessage))
            let tag = try await bench.connect()
            return (before, try await bench.reader.readNDEF(), tag)
        }
        #expect(before == firstMessage)
        #expect(after == secondMessage)
        #expect(tag.type == (second.isType4 ? .type4 : .type2))
        #expect(tag.identifier == [0x08] + RigTagSlot.nfcid(for: "tag-0"))
    }

    @Test(arguments: TagKind.allCases)
    func aRemovedTagIsNotFoundAndIsReadAgainOncePutBack(kind: TagKind) async throws {
        let bench = try await Bench()
        let (absent, read) = try await bench.run(kind.setup(TestMessages.oneRecord)) {
            try await bench.connect()
            _ = try await bench.reader.readNDEF()
            await bench.slot.remove()
            let absent = try await bench.reader.poll(timeout: .milliseconds(200))
            await bench.slot.putBack()
            try await bench.connect()
            return (absent, try await bench.reader.readNDEF())
        }
        #expect(absent == .noTag)
        #expect(read == TestMessages.oneRecord)
    }
}
