import HexText
import NDEF
import NFCRigTestSupport
import PN533
import PN533Sim
import TagFormat
import TagReader
import Testing

/// Reading Type 4 Tags through the simulated chip: the detection procedure's APDUs, mapping
/// versions 1.0, 2.0 and 3.0, and reads split by MLe.
@Suite struct Type4ReadTests {
    let rig = SimulatedReaderRig()

    @Test func aMapping2TagIsDetectedAndReadWithTheSpecifiedAPDUs() async throws {
        let message = TestMessages.uri("https://example.com/nfc")
        let tag = try Type4TestTag(message: TestMessages.bytes(message))
        await rig.enter(tag)
        let (read, type) = try await rig.withTag { tag in
            (try await rig.reader.readNDEF(), tag.type)
        }
        #expect(type == .type4)
        #expect(read == message)
        let length = TestMessages.bytes(message).count
        #expect(
            tag.apdus.map(\.description) == [
                "00A4040007D276000085010100", "00A4000C02E103", "00B000000F",
                "00A4000C02E104", "00B0000002",
                "00B00002" + Hex.digits(UInt8(length), uppercase: true),
            ])
    }

    @Test func aMapping3TagIsReadThroughItsENLEN() async throws {
        let message = TestMessages.texts(3)
        let tag = try Type4TestTag(
            message: TestMessages.bytes(message), version: CapabilityContainer.version3,
            lengthField: .enlen)
        await rig.enter(tag)
        let read = try await rig.withTag { _ in try await rig.reader.readNDEF() }
        #expect(read == message)
        let reads = tag.apdus.filter { $0.ins == 0xB0 }
        #expect(reads.map(\.p1p2) == [0, 0x0F, 0, 4])
        #expect(reads.map(\.le) == [15, 2, 4, TestMessages.bytes(message).count])
    }

    @Test func aMapping1TagIsFoundUnderTheVersion1NameAndItsFilesSelectedWithP2Zero()
        async throws
    {
        let message = TestMessages.uri("tel:+441234567")
        let tag = try Type4TestTag(message: TestMessages.bytes(message), version: 0x10)
        tag.change { $0.answersVersion2Name = false }
        await rig.enter(tag)
        let read = try await rig.withTag { _ in try await rig.reader.readNDEF() }
        #expect(read == message)
        let selects = tag.apdus.filter { $0.ins == 0xA4 }
        #expect(selects.map(\.data.count) == [7, 7, 2, 2])
        #expect(selects[1].data == Type4Tag.ndefApplicationAIDVersion1)
        #expect(selects.dropFirst(2).map(\.p2) == [0x00, 0x00])
    }

    @Test func oneRecordAndManyRecordsComeBackAsWritten() async throws {
        for message in [TestMessages.texts(1), TestMessages.texts(40)] {
            let rig = SimulatedReaderRig()
            await rig.enter(try Type4TestTag(message: TestMessages.bytes(message), fileSize: 2048))
            let read = try await rig.withTag { _ in try await rig.reader.readNDEF() }
            #expect(read == message)
        }
    }

    @Test func aMessageFillingTheWholeFileIsRead() async throws {
        let message = TestMessages.filling(2046)
        #expect(TestMessages.bytes(message).count == 2046)
        let tag = try Type4TestTag(message: TestMessages.bytes(message), fileSize: 2048)
        await rig.enter(tag)
        let (read, status) = try await rig.withTag { _ in
            (try await rig.reader.readNDEF(), try await rig.reader.queryNDEFStatus())
        }
        #expect(read == message)
        #expect(status.status == .readWrite)
        #expect(status.capacity == 2046)
    }

    @Test func readsLongerThanMLeAreSplitIntoPiecesOfAtMostMLe() async throws {
        let message = TestMessages.texts(8)
        let length = TestMessages.bytes(message).count
        let tag = try Type4TestTag(message: TestMessages.bytes(message), mle: 0x000F)
        await rig.enter(tag)
        let read = try await rig.withTag { _ in try await rig.reader.readNDEF() }
        #expect(read == message)
        let dataReads = tag.apdus.filter { $0.ins == 0xB0 }.dropFirst(2)
        #expect(dataReads.allSatisfy { ($0.le ?? 0) <= 15 })
        #expect(dataReads.count == (length + 14) / 15)
        #expect(dataReads.map { Int($0.p1p2) } == Array(stride(from: 2, to: length + 2, by: 15)))
    }

    @Test func anMLeOf256OrMoreReadsWithLeZeroInPiecesOf256() async throws {
        let message = TestMessages.filling(700)
        let tag = try Type4TestTag(message: TestMessages.bytes(message), mle: 0x0400)
        await rig.enter(tag)
        let read = try await rig.withTag { _ in try await rig.reader.readNDEF() }
        #expect(read == message)
        let dataReads = tag.apdus.filter { $0.ins == 0xB0 }.dropFirst(2)
        #expect(dataReads.map(\.le) == [256, 256, 188])
        #expect(dataReads.first?.encoded().last == 0x00)
        #expect(dataReads.allSatisfy { !$0.isExtended })
    }

    @Test func aMapping3MessageBeyondOffset7FFFIsReadWithOffsetDataObjects() async throws {
        let message = TestMessages.filling(0x8100)
        let tag = try Type4TestTag(
            message: TestMessages.bytes(message), fileSize: 0x9000,
            version: CapabilityContainer.version3, lengthField: .enlen)
        await rig.enter(tag)
        let read = try await rig.withTag { _ in try await rig.reader.readNDEF() }
        #expect(read == message)
        let odoReads = tag.apdus.filter { $0.ins == 0xB1 }
        #expect(!odoReads.isEmpty)
        #expect(odoReads.allSatisfy { $0.data.count == 5 && $0.data[0] == 0x54 })
    }

    @Test func chunkedRecordsOnTheTagComeOutReassembled() async throws {
        let message = TestMessages.filling(600)
        let tag = try Type4TestTag(message: TestMessages.bytes(message, chunkSize: 100))
        await rig.enter(tag)
        let read = try await rig.withTag { _ in try await rig.reader.readNDEF() }
        #expect(read == message)
        #expect(read.records.count == 1)
        #expect(read.records[0].chunkCount > 1)
    }
}
