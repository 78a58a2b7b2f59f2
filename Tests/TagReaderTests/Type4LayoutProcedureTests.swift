import NFCRigTestSupport
import TagFormat
import TagReader
import Testing

/// The reference reader's Type 4 procedures on unusual and hostile layouts (issue 22): what
/// it reads, what it refuses, and the APDUs it sends to find out.
@Suite struct Type4LayoutProcedureTests {
    static let message = TestMessages.bytes(TestMessages.uri("https://example.com/layout"))

    static func procedures(_ tag: Type4TestTag, faults: Type4ReaderFaults = [])
        -> Type4TagProcedures
    {
        Type4TagProcedures(transceiver: InMemoryTransceiver(tag: tag), faults: faults)
    }

    @Test func theApplicationSelectCarriesLeAndTheCCIsReadWithAShortReadBinary() async throws {
        let tag = try Type4TestTag(message: Self.message)
        _ = try await Self.procedures(tag).readNDEF()
        #expect(tag.apdus[0].le == 256 && !tag.apdus[0].isExtended)
        #expect(tag.apdus[2].description == "00B000000F")
        #expect(tag.apdus.allSatisfy { !$0.isExtended })
    }

    @Test func aCCWithMoreTLVsIsReadUpToCCLENAndItsNDEFFileRead() async throws {
        let tag = try Type4TestTag(
            capabilityContainer: CapabilityContainer(
                ndefFileControl: NDEFFileControl(maximumFileSize: 0x0400),
                additionalTLVs: ProprietaryFileControl().encoded()),
            message: Self.message)
        #expect(try await Self.procedures(tag).readNDEF() == Self.message)
        let ccReads = tag.apdus.filter { $0.ins == 0xB0 }.prefix(2)
        #expect(ccReads.map(\.p1p2) == [0, 0x0F] && ccReads.map(\.le) == [15, 8])
    }

    @Test func aReservedCCLENIsRefusedWithoutReadingFurther() async throws {
        let tag = try Type4TestTag(message: Self.message)
        tag.change { $0.cc[0...1] = [0xFF, 0xFF] }
        let detection = try await Self.procedures(tag).detectNDEF()
        #expect(
            detection
                == .notSupported(
                    .invalidCapabilityContainer(.ccLengthReserved(offset: 0, ccLength: 0xFFFF))))
        #expect(tag.apdus.filter { $0.ins == 0xB0 }.count == 1)
    }

    @Test func anUnknownMajorMappingVersionIsNotNDEFAndAHigherMinorOneIsRead() async throws {
        let unknown = try Type4TestTag(message: Self.message)
        unknown.change { $0.cc[2] = 0x40 }
        #expect(
            try await Self.procedures(unknown).detectNDEF()
                == .notSupported(
                    .invalidCapabilityContainer(
                        .unsupportedMappingVersion(offset: 2, version: 0x40))))
        #expect(!unknown.apdus.contains { $0.data == [0xE1, 0x04] })
        let minor = try Type4TestTag(message: Self.message, version: 0x21)
        #expect(try await Self.procedures(minor).readNDEF() == Self.message)
    }

    @Test func aProprietaryWriteAccessIsNDEFReadOnlyToTheReader() async throws {
        let tag = try Type4TestTag(message: Self.message, writeAccess: 0x80)
        let procedures = Self.procedures(tag)
        #expect(try await procedures.queryNDEFStatus() == (.readOnly, 1022))
        #expect(try await procedures.readNDEF() == Self.message)
        await #expect(throws: NFCReaderError.tagNotWritable(.writeAccess(0x80))) {
            try await procedures.writeNDEF(Self.message, order: .tearingSafe)
        }
        #expect(!tag.apdus.contains { $0.ins == 0xD6 })
    }

    @Test func anNLENPastTheFileIsAnErrorAndNothingAfterItIsRead() async throws {
        let tag = try Type4TestTag(message: Self.message, fileSize: 0x40)
        tag.change { $0.ndefFile[0...1] = [0x00, 0x3F] }
        await #expect(
            throws: NFCReaderError.tagResponseError(
                .ndefFile(.lengthExceedsCapacity(offset: 0, length: 0x3F, capacity: 0x3E)))
        ) { try await Self.procedures(tag).readNDEF() }
        #expect(tag.apdus.last?.description == "00B0000002")
    }

    @Test func everyAPDUStaysShortWhateverMLeAndMLcAllow() async throws {
        let message = TestMessages.bytes(TestMessages.filling(1000))
        let tag = try Type4TestTag(message: message, mle: 0xFFFF, mlc: 0xFFFF)
        let procedures = Self.procedures(tag)
        #expect(try await procedures.readNDEF() == message)
        try await procedures.writeNDEF(message, order: .tearingSafe)
        #expect(tag.apdus.allSatisfy { !$0.isExtended })
        #expect(tag.apdus.compactMap(\.le).max() == 256)
        #expect(tag.apdus.map(\.data.count).max() == 255)
    }
}
