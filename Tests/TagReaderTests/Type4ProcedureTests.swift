import NDEF
import NFCRigTestSupport
import TagFormat
import TagReader
import Testing

/// The Type 4 procedures need nothing but an `APDUTransceiver`.
@Suite struct Type4ProcedureTests {
    @Test func theProceduresReadAndWriteOverAnyAPDUTransceiver() async throws {
        let tag = try Type4TestTag(message: TestMessages.bytes(TestMessages.texts(2)))
        let procedures = Type4TagProcedures(transceiver: InMemoryTransceiver(tag: tag))
        #expect(try await procedures.readNDEF() == TestMessages.bytes(TestMessages.texts(2)))
        let new = TestMessages.bytes(TestMessages.uri("https://in.memory"))
        try await procedures.writeNDEF(new, order: .tearingSafe)
        #expect(tag.storedMessage == new)
        let status = try await procedures.queryNDEFStatus()
        #expect(status.status == .readWrite && status.capacity == 1022)
    }

    @Test func detectionNamesTheFileTheCCPointsAt() async throws {
        let tag = try Type4TestTag(message: [], mle: 0x0040, mlc: 0x0020)
        let detection = try await Type4TagProcedures(transceiver: InMemoryTransceiver(tag: tag))
            .detectNDEF()
        let file = try detection.layout()
        #expect(file.capabilityContainer.ndefFileControl.fileID == 0xE104)
        #expect(file.readLimit == 0x40 && file.writeLimit == 0x20)
        #expect(file.writeAccessOffset == 14)
        #expect(!file.selectedByVersion1Name)
    }

    @Test func aCCThatBreaksTheRulesMakesTheTagNotSupported() async throws {
        let tag = try Type4TestTag(message: [])
        tag.change { $0.cc[3...4] = [0x00, 0x01] }
        let detection = try await Type4TagProcedures(transceiver: InMemoryTransceiver(tag: tag))
            .detectNDEF()
        #expect(
            detection == .notSupported(.invalidCapabilityContainer(.mleTooSmall(offset: 3, mle: 1)))
        )
    }
}
