import NDEF
import NFCRigTestSupport
import TagFormat
import TagReader
import Testing

/// The Type 2 leniencies of the reference reader (`ignores-cc-version`,
/// `reads-past-terminator`, `reads-past-data-area`), through the simulated chip: each makes
/// the reader take a tag it must refuse, and only with the fault.
@Suite struct Type2LeniencyFaultTests {
    static let message = Type2LayoutTests.message

    static func tag(_ layout: Type2LayoutVariant, value: [UInt8]? = nil) throws -> Type2TestTag {
        try Type2TestTag(
            memory: layout.image(
                uid: Type2LayoutTests.uid, message: value ?? TestMessages.bytes(message)))
    }

    static func status(_ layout: Type2LayoutVariant, _ faults: ReaderFaults) async throws
        -> NFCNDEFStatus
    {
        let rig = Type2LayoutTests.rig(faults)
        await rig.enter(try tag(layout))
        return try await rig.withTag { _ in try await rig.reader.queryNDEFStatus() }.status
    }

    @Test func aTagOfCCVersion20IsNotNDEFUnlessTheReaderIgnoresTheVersion() async throws {
        let layout = Type2LayoutVariant(version: 0x20, elements: [.message, .terminator])
        #expect(try await Self.status(layout, .none) == .notSupported)
        let faults = try ReaderFaults(parsing: ["ignores-cc-version"])
        #expect(try await Self.status(layout, faults) == .readWrite)
        let rig = Type2LayoutTests.rig(faults)
        await rig.enter(try Self.tag(layout))
        #expect(try await rig.withTag { _ in try await rig.reader.readNDEF() } == Self.message)
    }

    @Test func anNDEFTLVAfterATerminatorIsFoundOnlyByAReaderWalkingPastIt() async throws {
        let layout = Type2LayoutVariant(elements: [.terminator, .message])
        #expect(try await Self.status(layout, .none) == .notSupported)
        let faults = try ReaderFaults(parsing: ["reads-past-terminator"])
        let rig = Type2LayoutTests.rig(faults)
        await rig.enter(try Self.tag(layout))
        #expect(try await rig.withTag { _ in try await rig.reader.readNDEF() } == Self.message)
    }

    @Test func aTLVRunningPastTheDataAreaIsReadPastItOnlyWithTheFault() async throws {
        let overrun = Array(repeating: UInt8(0x5A), count: 100)
        let layout = Type2LayoutVariant(
            elements: [.tlv(tag: .ndefMessage, length: 240, value: overrun)])
        for faults in [ReaderFaults.none, try ReaderFaults(parsing: ["reads-past-data-area"])] {
            let rig = Type2LayoutTests.rig(faults)
            let tag = try Self.tag(layout, value: overrun)
            await rig.enter(tag)
            _ = try? await rig.withTag { _ in try await rig.reader.readNDEF() }
            // The 144-byte data area ends at block 40; block 40 holds the dynamic lock bytes.
            let pastDataArea = tag.commands.contains {
                $0.count == 2 && $0[0] == Type2Tag.readCommand && $0[1] > 40
            }
            #expect(pastDataArea == !faults.type2.isEmpty)
        }
    }

    @Test func theLeniencyFaultsParseAndPrintAsTheirDUTFaultValues() throws {
        let specs = ["ignores-cc-version", "reads-past-terminator", "reads-past-data-area"]
        let faults = try ReaderFaults(parsing: specs)
        #expect(faults.type2 == [.anyMajorVersion, .pastTerminator, .pastDataArea])
        #expect(faults.specs == specs)
    }
}
