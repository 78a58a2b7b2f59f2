import Foundation
import NFCRigTestSupport
import PN533
import TagEmulation
import TagFormat
import Testing

@testable import Rig

/// A `Type4Setup`'s controls reach the emulated tag: the CC it shows, the names it answers,
/// its NDEF file and its quirks, built by `application()` and presented by a slot.
@Suite struct Type4SetupTests {
    static let message = bytes("D1 01 0C 55 04 6578616D706C652E636F6D")

    @Test func theDefaultsAreTheCommon2KiBMapping2Tag() throws {
        let setup = Type4Setup(content: Self.message)
        #expect(setup.configuration == Type4TagConfiguration(maximumFileSize: 0x0800))
        #expect(
            try setup.application().capabilityContainerFile
                == bytes(
                    "000F 20 00FF 00FF 0406 E104 0800 00 00"))
        #expect(try setup.application().storedNDEF.bytes == Self.message)
    }

    @Test func writeAccessTakesProprietaryValuesAndReadOnlyIsFF() throws {
        var setup = Type4Setup(content: Self.message, writeAccess: 0x80)
        #expect(!setup.readOnly)
        #expect(try setup.application().capabilityContainerFile.last == 0x80)
        setup.readOnly = true
        #expect(setup.writeAccess == 0xFF)
        #expect(Type4Setup(readOnly: true, content: []).writeAccess == 0xFF)
        #expect(Type4Setup(readOnly: true, content: [], writeAccess: 0xFE).writeAccess == 0xFE)
        setup.readOnly = false
        #expect(setup.writeAccess == 0x00)
    }

    @Test func theCCNamesTheFileAndCarriesTheOtherTLVs() throws {
        let setup = Type4Setup(
            mappingVersion: 0x10, maximumResponseDataLength: 0x000F,
            maximumCommandDataLength: 0x0001, maximumFileSize: 0x0100, content: Self.message,
            ndefFileID: 0xE105, answersVersion2Application: false,
            answersVersion1Application: true,
            additionalCCTLVs: ProprietaryFileControl(fileID: 0xE106).encoded())
        let configuration = setup.configuration
        #expect(!configuration.answersVersion2Application)
        #expect(configuration.answersVersion1Application)
        #expect(
            try setup.application().capabilityContainerFile
                == bytes(
                    "0017 10 000F 0001 0406 E105 0100 00 00 0506 E106 0080 00 FF"))
    }

    @Test func aDeclaredLengthReplacesTheMessagesOwnInNLENOrENLEN() throws {
        let stale = Type4Setup(content: Self.message, declaredMessageLength: 0)
        let file = try stale.application().ndefFile
        #expect(Array(file.prefix(2 + Self.message.count)) == [0, 0] + Self.message)
        #expect(try stale.application().storedNDEF == .empty)
        let long = Type4Setup(
            mappingVersion: CapabilityContainer.version3, maximumFileSize: 0x40,
            content: Self.message, declaredMessageLength: 0x100)
        #expect(try long.application().ndefFile.prefix(4) == [0, 0, 1, 0])
        #expect(try long.application().ndefFile.count == 0x40)
        let tooLong = Type4Setup(content: [], declaredMessageLength: 0x1_0000)
        #expect(
            throws: TagEmulationError.ndefFile(.lengthOutOfRange(length: 0x1_0000, maximum: 0xFFFF))
        ) {
            try tooLong.application()
        }
    }

    @Test func quirksReachTheApplication() throws {
        let quirks = Type4TagQuirks(
            announcedCCLength: 0xFFFF, announcedMappingVersion: 0x40, refusesExtendedLength: true,
            ndefFileSize: 0x40)
        let setup = Type4Setup(content: Self.message, quirks: quirks)
        let application = try setup.application()
        #expect(application.configuration.quirks == quirks)
        #expect(application.capabilityContainerFile.prefix(3) == [0xFF, 0xFF, 0x40])
        #expect(application.ndefFile.count == 0x40)
        #expect(TagSetup.type4(setup).messageCapacity == 0x0800 - 2)
    }

    @Test func aSlotPresentsTheSetupsQuirksToAReader() async throws {
        let file = RigFile(
            name: "t", emulators: [.init(id: "tag-a", device: .sim)],
            dut: .reference(device: .sim))
        let rig = try await AssembledRig.assemble(file, directory: URL(fileURLWithPath: "/"))
        let slot = rig.tagSlot(on: rig.emulators[0])
        let reader = try #require(rig.readerChip).device
        let setup = Type4Setup(
            content: Self.message, quirks: Type4TagQuirks(selectWithoutLe: .fileNotFound))
        let answers = try await rig.run {
            try await slot.present(.type4(setup))
            try await reader.open()
            try await reader.setRetries(atr: 0, psl: 1, passiveActivation: 1)
            #expect(try await reader.listPassiveTargets(max: 1).count == 1)
            var answers: [[UInt8]] = []
            for command in ["00A4040007D2760000850101", "00A4040007D276000085010100"] {
                answers.append(try await reader.exchange(target: 1, bytes(command)))
            }
            try await reader.setRF(field: false)
            await slot.stop()
            return answers
        }
        #expect(answers == [bytes("6A82"), bytes("9000")])
        await rig.close()
    }
}
