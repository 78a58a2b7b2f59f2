import NFCRigTestSupport
import TagFormat
import TagReader
import Testing

/// Each deliberate Type 4 layout fault (issue 32) changes the procedures in its one way: a
/// well-behaved tag is read as it should be, a tag with the layout the bug breaks on is not.
@Suite struct Type4LayoutFaultTests {
    static let message = Type4LayoutProcedureTests.message

    static func procedures(_ tag: Type4TestTag, _ faults: Type4LayoutFaults)
        -> Type4TagProcedures
    {
        var procedures = Type4LayoutProcedureTests.procedures(tag)
        procedures.layoutFaults = faults
        return procedures
    }

    @Test(arguments: Type4LayoutFaults.named.map(\.fault))
    func aWellBehavedTagIsReadWithEveryFault(_ fault: Type4LayoutFaults) async throws {
        let tag = try Type4TestTag(message: Self.message)
        #expect(try await Self.procedures(tag, fault).readNDEF() == Self.message)
    }

    @Test func everyFaultParsesFromItsNameAndBack() throws {
        let names =
            Type4LayoutFaults.named.map(\.name) + ISODEPReaderFaults.named.map(\.name)
            + ISO7816SelectionFaults.named.map(\.name)
        for name in names {
            let faults = try ReaderFaults(parsing: [name])
            #expect(faults.specs == [name])
            #expect(faults != .none, "\(name)")
        }
        #expect(try ReaderFaults(parsing: ["ignores-sfgi"]).runsISODEPOnHost)
        #expect(try !ReaderFaults(parsing: ["ignores-mle"]).runsISODEPOnHost)
    }

    @Test func noVersion1FallbackFindsNoNDEFOnAMapping1Tag() async throws {
        let tag = try Type4TestTag(message: Self.message, version: 0x10)
        tag.change { $0.answersVersion2Name = false }
        #expect(try await Self.procedures(tag, []).readNDEF() == Self.message)
        #expect(
            try await Self.procedures(tag, .noVersion1Fallback).detectNDEF()
                == .notSupported(.noNDEFApplication(.fileNotFound)))
    }

    @Test func exactMappingVersionRefusesAMinorVersionItDoesNotKnow() async throws {
        let tag = try Type4TestTag(message: Self.message, version: 0x21)
        #expect(
            try await Self.procedures(tag, .exactMappingVersion).detectNDEF()
                == .notSupported(
                    .invalidCapabilityContainer(
                        .unsupportedMappingVersion(offset: 2, version: 0x21))))
    }

    @Test func ignoresCCLengthReadsATagWhoseCCLENIsReserved() async throws {
        let tag = try Type4TestTag(message: Self.message)
        tag.change { $0.cc[0...1] = [0xFF, 0xFF] }
        #expect(try await Self.procedures(tag, []).queryNDEFStatus().status == .notSupported)
        #expect(try await Self.procedures(tag, .ignoresCCLength).readNDEF() == Self.message)
    }

    @Test func ignoresMLeAsksForMoreThanMLe() async throws {
        let tag = try Type4TestTag(message: Self.message, mle: 0x000F)
        await #expect(throws: NFCReaderError.self) {
            try await Self.procedures(tag, .ignoresMLe).readNDEF()
        }
        #expect(tag.apdus.last?.le == Int(Self.message.count))
    }

    @Test func ignoresMLcWritesMoreThanMLc() async throws {
        let tag = try Type4TestTag(message: [], mlc: 0x0010)
        let written = TestMessages.bytes(TestMessages.filling(100))
        await #expect(throws: NFCReaderError.self) {
            try await Self.procedures(tag, .ignoresMLc).writeNDEF(written, order: .tearingSafe)
        }
        #expect(tag.apdus.last.map { $0.ins == 0xD6 && $0.data.count > 0x10 } == true)
    }

    @Test func partialMessageOnErrorHandsOnWhatWasReadBeforeTheTagRefused() async throws {
        let long = TestMessages.bytes(TestMessages.filling(600))
        let tag = try Type4TestTag(message: long)
        tag.change { $0.ndefFile = Array($0.ndefFile.prefix(300)) }
        await #expect(throws: NFCReaderError.self) { try await Self.procedures(tag, []).readNDEF() }
        let read = try await Self.procedures(tag, .partialMessageOnError).readNDEF()
        #expect(read == Array(long.prefix(255)))
    }

    @Test func readsPastZeroLengthReadsTheStaleBytesAfterNLEN() async throws {
        let tag = try Type4TestTag(message: Self.message)
        tag.change { $0.ndefFile[0...1] = [0x00, 0x00] }
        #expect(try await Self.procedures(tag, []).readNDEF() == [])
        let read = try await Self.procedures(tag, .readsPastZeroLength).readNDEF()
        #expect(read.count == 0xFF && read.starts(with: Self.message))
    }

    @Test func ignoresNDEFSelectStatusReadsTheCCForAMissingNDEFFile() async throws {
        let tag = try Type4TestTag(
            capabilityContainer: CapabilityContainer(
                ndefFileControl: NDEFFileControl(fileID: 0xE105, maximumFileSize: 0x0400)),
            message: Self.message)
        let procedures = Self.procedures(tag, [.ignoresNDEFSelectStatus, .assumesNDEFFileE104])
        #expect(try await procedures.detectNDEF().layout().capacity == 0x0400 - 2)
        #expect(
            try await Self.procedures(tag, .assumesNDEFFileE104).detectNDEF()
                == .notSupported(.noNDEFFile(fileID: 0xE104, .fileNotFound)))
        #expect(try await Self.procedures(tag, []).readNDEF() == Self.message)
    }

    @Test func writeAccessAsReadAccessTakesAReadOnlyTagForUnreadable() async throws {
        let tag = try Type4TestTag(message: Self.message, writeAccess: 0xFF)
        #expect(try await Self.procedures(tag, []).readNDEF() == Self.message)
        #expect(
            try await Self.procedures(tag, .writeAccessAsReadAccess).detectNDEF()
                == .notSupported(.ndefFileNotReadable(readAccess: 0xFF)))
    }

    @Test func noOffsetDataObjectCannotReadPastOffset7FFF() async throws {
        let long = Array(repeating: UInt8(0x5A), count: 0x8100)
        let tag = try Type4TestTag(
            message: long, fileSize: 0x9000, version: CapabilityContainer.version3,
            lengthField: .enlen)
        await #expect(throws: NFCReaderError.self) {
            try await Self.procedures(tag, .noOffsetDataObject).readNDEF()
        }
        #expect(!tag.apdus.contains { $0.ins == 0xB1 })
    }
}
