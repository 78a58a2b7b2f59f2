import NDEF
import NFCRigTestSupport
import PN533Sim
import TagFormat
import TagReader
import Testing

/// Type 2 layouts readers break on, through the simulated chip: lock bits that make a tag
/// read-only though its CC grants writing, and the three faults `t2t-layout` catches.
@Suite struct Type2LayoutTests {
    static let uid: [UInt8] = [0x04, 0x51, 0x62, 0x73, 0x84, 0x95, 0xA6]
    static let message = TestMessages.uri("https://example.com/t2t")

    static func tag(_ layout: Type2LayoutVariant, _ message: NDEFMessage = message) throws
        -> Type2TestTag
    {
        try Type2TestTag(memory: layout.image(uid: uid, message: TestMessages.bytes(message)))
    }

    /// A 48-byte static-memory tag whose static lock bytes are FF FF, CC access 00.
    static let staticallyLocked = Type2LayoutVariant(
        dataAreaSize: 48, elements: [.message, .terminator], staticallyLocked: true)

    /// An NTAG216-sized tag whose NDEF TLV starts at byte 78, past block 16.
    static func ntag216(locked: Bool) -> Type2LayoutVariant {
        Type2LayoutVariant(
            dataAreaSize: 888,
            elements: [
                .tlv(.proprietary, Array(repeating: 0x5A, count: 60)), .message, .terminator,
            ],
            dynamicallyLocked: locked)
    }

    static func rig(_ faults: ReaderFaults = .none) -> SimulatedReaderRig {
        SimulatedReaderRig(configuration: ReaderConfiguration(faults: faults))
    }

    @Test func staticLockBitsAloneMakeATagReadOnlyAndItsWritesRefused() async throws {
        let rig = Self.rig()
        let tag = try Self.tag(Self.staticallyLocked)
        await rig.enter(tag)
        let (status, read, error) = try await rig.withTag { _ in
            (
                try await rig.reader.queryNDEFStatus(), try await rig.reader.readNDEF(),
                await #expect(throws: NFCReaderError.self) {
                    try await rig.reader.writeNDEF(TestMessages.texts(1))
                }
            )
        }
        #expect(status.status == .readOnly)
        #expect(read == Self.message)
        #expect(error == .tagNotWritable(.lockBits(address: 16)))
        #expect(tag.writes.isEmpty)
    }

    @Test func dynamicLockBitsMakeATagReadOnlyOnceTheReaderHasReadThem() async throws {
        let rig = Self.rig()
        let tag = try Self.tag(Self.ntag216(locked: true))
        await rig.enter(tag)
        let status = try await rig.withTag { _ in try await rig.reader.queryNDEFStatus() }
        #expect(status.status == .readOnly)
        // The lock bytes follow the 888-byte data area: address 904, block 226.
        #expect(tag.commands.contains([Type2Tag.readCommand, 226]))
    }

    @Test func theSameTagWithNoLockBitSetIsReadWriteWithTheRoomAfterItsProprietaryTLV()
        async throws
    {
        let rig = Self.rig()
        let layout = Self.ntag216(locked: false)
        await rig.enter(try Self.tag(layout))
        let status = try await rig.withTag { _ in try await rig.reader.queryNDEFStatus() }
        let image = try layout.image(uid: Self.uid, message: TestMessages.bytes(Self.message))
        #expect(status.status == .readWrite)
        #expect(status.capacity == (try Type2TagMemory(image: image)).ndefCapacity)
        #expect(status.capacity == 888 - 62 - 4)
    }

    @Test func aTagWhoseCCIsReadOnlyNeedsNoReadOfItsLockBytes() async throws {
        let rig = Self.rig()
        var layout = Self.ntag216(locked: false)
        layout.readOnlyAccess = true
        let tag = try Self.tag(layout)
        await rig.enter(tag)
        let status = try await rig.withTag { _ in try await rig.reader.queryNDEFStatus() }
        #expect(status.status == .readOnly)
        #expect(!tag.commands.contains([Type2Tag.readCommand, 226]))
    }

    @Test func theFirstTLVOnlyFaultFindsNoNDEFAfterALockControlTLV() async throws {
        let lock = try #require(Type2LockControl.defaultControl(dataAreaSize: 144))
        let layout = Type2LayoutVariant(elements: [.lockControl(lock), .message, .terminator])
        for faults in [ReaderFaults.none, ReaderFaults(firstTLVOnly: true)] {
            let rig = Self.rig(faults)
            await rig.enter(try Self.tag(layout))
            let status = try await rig.withTag { _ in try await rig.reader.queryNDEFStatus() }
            #expect(status.status == (faults.firstTLVOnly ? .notSupported : .readWrite))
        }
    }

    @Test func theFirstTLVOnlyFaultStillReadsAnNDEFTLVAtByte16() async throws {
        let rig = Self.rig(ReaderFaults(firstTLVOnly: true))
        await rig.enter(try Self.tag(Type2LayoutVariant(elements: [.message, .terminator])))
        let read = try await rig.withTag { _ in try await rig.reader.readNDEF() }
        #expect(read == Self.message)
    }

    @Test func theOneByteTLVLengthFaultTakesTheLengthBytesForTheMessage() async throws {
        let long = TestMessages.filling(300)
        let layout = Type2LayoutVariant(dataAreaSize: 496, elements: [.message, .terminator])
        let good = Self.rig()
        await good.enter(try Self.tag(layout, long))
        #expect(try await good.withTag { _ in try await good.reader.readNDEF() } == long)
        let faulty = Self.rig(ReaderFaults(oneByteTLVLength: true))
        await faulty.enter(try Self.tag(layout, long))
        let error = try await faulty.withTag { _ in
            await #expect(throws: NFCReaderError.self) { try await faulty.reader.readNDEF() }
        }
        guard case .invalidMessage = error else {
            Issue.record("expected invalidMessage, got \(String(describing: error))")
            return
        }
    }

    @Test func theOneByteTLVLengthFaultReadsMessagesUnder255BytesRight() async throws {
        let rig = Self.rig(ReaderFaults(oneByteTLVLength: true))
        let message = TestMessages.filling(254)
        let layout = Type2LayoutVariant(dataAreaSize: 496, elements: [.message, .terminator])
        await rig.enter(try Self.tag(layout, message))
        #expect(try await rig.withTag { _ in try await rig.reader.readNDEF() } == message)
    }

    @Test func theIgnoresLockBitsFaultReportsALockedTagWritableAndItsWriteFails() async throws {
        let rig = Self.rig(ReaderFaults(ignoresLockBits: true))
        let tag = try Self.tag(Self.staticallyLocked)
        await rig.enter(tag)
        let (status, error) = try await rig.withTag { _ in
            (
                try await rig.reader.queryNDEFStatus(),
                await #expect(throws: NFCReaderError.self) {
                    try await rig.reader.writeNDEF(TestMessages.texts(1))
                }
            )
        }
        #expect(status.status == .readWrite)
        guard case .tagUpdateFailure = error else {
            Issue.record("expected tagUpdateFailure, got \(String(describing: error))")
            return
        }
    }

    @Test func theIgnoresMemoryControlFaultReadsTheReservedBytesAsMessageBytes() async throws {
        let reserved = try #require(Type2MemoryControl(position: 28, size: 4))
        let layout = Type2LayoutVariant(
            elements: [.memoryControl(reserved), .message, .terminator], reservedFill: 0xEE)
        let image = try layout.image(uid: Self.uid, message: TestMessages.bytes(Self.message))
        #expect(try Type2TagMemory.ndefMessage(in: image) == TestMessages.bytes(Self.message))
        let faulty = try Type2TagMemory(image: image, jumpsOverReservedBytes: false)
        #expect(try faulty.ndefMessage().contains(0xEE))
        let rig = Self.rig(ReaderFaults(ignoresMemoryControl: true))
        await rig.enter(try Type2TestTag(memory: image))
        let read = try await rig.withTag { _ in try await rig.reader.readNDEFMessageAndBytes() }
        #expect(read.bytes == (try faulty.ndefMessage()))
        #expect(read.message != Self.message)
    }

    @Test func theNewFaultsParseAndPrintAsTheirDUTFaultValues() throws {
        let specs = [
            "first-tlv-only", "one-byte-tlv-length", "ignores-lock-bits", "ignores-memory-control",
        ]
        let faults = try ReaderFaults(parsing: specs)
        #expect(
            faults
                == ReaderFaults(
                    firstTLVOnly: true, oneByteTLVLength: true, ignoresLockBits: true,
                    ignoresMemoryControl: true))
        #expect(faults.specs == specs)
    }
}
