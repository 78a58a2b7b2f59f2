import NFCRigTestSupport
import TagFormat
import TagReader
import Testing

/// Each deliberate Type 4 fault (issue 22) changes the procedures in its one way: on a tag
/// that does not provoke it the reader reads as it should, on one that does it breaks.
@Suite struct Type4ReaderFaultTests {
    static let message = Type4LayoutProcedureTests.message

    static func procedures(_ tag: Type4TestTag, _ faults: Type4ReaderFaults)
        -> Type4TagProcedures
    {
        Type4LayoutProcedureTests.procedures(tag, faults: faults)
    }

    @Test(arguments: Type4ReaderFaults.named.map(\.fault))
    func aWellBehavedTagIsReadWithEveryFault(_ fault: Type4ReaderFaults) async throws {
        let tag = try Type4TestTag(message: Self.message)
        #expect(try await Self.procedures(tag, fault).readNDEF() == Self.message)
    }

    @Test func selectWithoutLeSendsTheApplicationSelectWithoutLe() async throws {
        let tag = try Type4TestTag(message: Self.message)
        _ = try await Self.procedures(tag, .selectWithoutLe).readNDEF()
        #expect(tag.apdus[0].description == "00A4040007D2760000850101")
    }

    @Test func extendedCCReadReadsTheCCWithAnExtendedLe() async throws {
        let tag = try Type4TestTag(message: Self.message)
        _ = try await Self.procedures(tag, .extendedCCRead).readNDEF()
        #expect(tag.apdus[2].description == "00B0000000000F")
        #expect(tag.apdus.filter(\.isExtended).count == 1)
    }

    @Test func hardcodedCCSizeCannotDecodeACCWithMoreTLVs() async throws {
        let tag = try Type4TestTag(
            capabilityContainer: CapabilityContainer(
                ndefFileControl: NDEFFileControl(maximumFileSize: 0x0400),
                additionalTLVs: ProprietaryFileControl().encoded()),
            message: Self.message)
        #expect(
            try await Self.procedures(tag, .hardcodedCCSize).detectNDEF()
                == .notSupported(
                    .invalidCapabilityContainer(.truncated(offset: 15, needed: 8, available: 0))))
        let version3 = try Type4TestTag(
            message: Self.message, version: CapabilityContainer.version3, lengthField: .enlen)
        #expect(try await Self.procedures(version3, .hardcodedCCSize).readNDEF() == Self.message)
    }

    @Test func readsPastFileAsksForTheBytesNLENClaims() async throws {
        let tag = try Type4TestTag(message: Self.message, fileSize: 0x40)
        tag.change { $0.ndefFile[0...1] = [0x01, 0x00] }
        await #expect(throws: NFCReaderError.self) {
            try await Self.procedures(tag, .readsPastFile).readNDEF()
        }
        let last = try #require(tag.apdus.last)
        #expect(last.p1p2 == 2 && last.le == 0xFF)
    }

    @Test func rejectsProprietaryAccessMakesTheTagNotNDEF() async throws {
        let tag = try Type4TestTag(message: Self.message, writeAccess: 0xFE)
        #expect(
            try await Self.procedures(tag, .rejectsProprietaryAccess).detectNDEF()
                == .notSupported(.writeAccessNotUnderstood(0xFE)))
        let readOnly = try Type4TestTag(message: Self.message, writeAccess: 0xFF)
        #expect(
            try await Self.procedures(readOnly, .rejectsProprietaryAccess).readNDEF()
                == Self.message)
    }

    @Test func acceptsUnknownMappingReadsAMapping4TagAs2() async throws {
        let tag = try Type4TestTag(message: Self.message)
        tag.change { $0.cc[2] = 0x40 }
        let procedures = Self.procedures(tag, .acceptsUnknownMapping)
        let file = try await procedures.detectNDEF().layout()
        #expect(file.capabilityContainer.mappingVersion == 0x20)
        #expect(try await procedures.readNDEF() == Self.message)
    }

    @Test func theFaultsParseFromTheirNamesAndBack() throws {
        let names = Type4ReaderFaults.named.map(\.name)
        #expect(
            names == [
                "select-without-le", "extended-cc-read", "hardcoded-cc-size", "reads-past-file",
                "rejects-proprietary-access", "accepts-unknown-mapping",
            ])
        let faults = try ReaderFaults(parsing: ["unsafe-write-order"] + names)
        #expect(faults.unsafeWriteOrder)
        #expect(faults.type4.names == names)
        #expect(faults.specs == ["unsafe-write-order"] + names)
        #expect(try ReaderFaults(parsing: ["extended-cc-read"]).type4 == .extendedCCRead)
        #expect(ReaderFaults.none.type4 == [])
    }
}
