import NDEF
import NFCRigTestSupport
import TagFormat
import TagReader
import Testing

/// The NDEF read and write faults of the reference reader (`NDEFReaderFaults`) and its
/// background dispatch faults (`BackgroundDispatchFaults`), through the simulated chip: each
/// changes what the good reader does in its one way, and only with the fault.
@Suite struct NDEFReaderFaultTests {
    static let message = TestMessages.uri("https://example.com/faults")
    static var bytes: [UInt8] { TestMessages.bytes(message) }

    static func rig(_ spec: String?) throws -> SimulatedReaderRig {
        let faults = try ReaderFaults(parsing: spec.map { [$0] } ?? [])
        return SimulatedReaderRig(configuration: ReaderConfiguration(faults: faults))
    }

    @Test func everyFaultNameParsesToItsFaultAndBack() throws {
        let names =
            NDEFReaderFaults.named.map(\.name) + BackgroundDispatchFaults.named.map(\.name)
        for name in names {
            #expect(try ReaderFaults(parsing: [name]).specs == [name])
        }
        #expect(Set(names).count == names.count, "no name twice")
    }

    /// What the reader read of the tag, or nil when it lost the message's last byte: the
    /// decoder then finds the URI record's payload a byte short.
    static func readUnlessShort(_ rig: SimulatedReaderRig) async throws -> NDEFMessage? {
        try await rig.withTag { _ in
            do throws(NFCReaderError) {
                return try await rig.reader.readNDEF()
            } catch .invalidMessage(.lengthOverrunsInput) {
                return nil
            }
        }
    }

    @Test(arguments: [nil, "nlen-off-by-one"])
    func aType4ReadLosesTheMessagesLastByteOnlyWithTheOffByOne(_ spec: String?) async throws {
        let rig = try Self.rig(spec)
        await rig.enter(try Type4TestTag(message: Self.bytes))
        #expect(try await Self.readUnlessShort(rig) == (spec == nil ? Self.message : nil))
    }

    @Test(arguments: [nil, "tlv-length-off-by-one"])
    func aType2ReadLosesTheMessagesLastByteOnlyWithTheOffByOne(_ spec: String?) async throws {
        let rig = try Self.rig(spec)
        await rig.enter(try Type2TestTag(message: Self.bytes))
        #expect(try await Self.readUnlessShort(rig) == (spec == nil ? Self.message : nil))
    }

    @Test func theCapacityCountsNLENOnlyWithTheFault() async throws {
        for (spec, capacity) in [(nil, 0x0400 - 2), ("capacity-includes-length-field", 0x0400)] {
            let rig = try Self.rig(spec)
            await rig.enter(try Type4TestTag(message: Self.bytes, fileSize: 0x0400))
            let status = try await rig.withTag { _ in try await rig.reader.queryNDEFStatus() }
            #expect(status.capacity == capacity)
        }
    }

    @Test func aReadOnlyType4TagIsReportedWritableOnlyWhenTheReaderIgnoresWriteAccess()
        async throws
    {
        for spec in [nil, "ignores-write-access"] {
            let rig = try Self.rig(spec)
            await rig.enter(
                try Type4TestTag(message: Self.bytes, writeAccess: NDEFFileControl.accessDenied))
            let status = try await rig.withTag { _ in try await rig.reader.queryNDEFStatus() }
            #expect(status.status == (spec == nil ? .readOnly : .readWrite))
        }
    }

    @Test func anEmptyTagIsAZeroLengthMessageUnlessTheReaderDecodesIt() async throws {
        for spec in [nil, "decodes-empty-message"] {
            let rig = try Self.rig(spec)
            await rig.enter(try Type4TestTag(message: []))
            let error = try await rig.withTag { _ in
                await #expect(throws: NFCReaderError.self) { try await rig.reader.readNDEF() }
            }
            #expect(error?.name == (spec == nil ? "zeroLengthMessage" : "invalidMessage"))
        }
    }

    @Test func aMessageWithoutRecordsEmptiesTheTagUnlessTheReaderRefusesIt() async throws {
        for spec in [nil, "refuses-empty-message"] {
            let rig = try Self.rig(spec)
            let tag = try Type4TestTag(message: Self.bytes)
            await rig.enter(tag)
            let error = try await rig.withTag { _ in
                do throws(NFCReaderError) {
                    try await rig.reader.writeNDEF(NDEFMessage(records: []))
                    return nil as NFCReaderError?
                } catch {
                    return error
                }
            }
            if spec == nil {
                #expect(error == nil)
                #expect(tag.storedMessage.isEmpty)
            } else {
                #expect(error == .zeroLengthMessage)
                #expect(tag.storedMessage == Self.bytes)
            }
        }
    }

    @Test func aWriteThatSkipsTheLengthLeavesTheTagEmpty() async throws {
        let written = TestMessages.texts(2)
        for spec in [nil, "skips-length-write"] {
            let rig = try Self.rig(spec)
            let tag = try Type4TestTag(message: Self.bytes)
            await rig.enter(tag)
            try await rig.withTag { _ in try await rig.reader.writeNDEF(written) }
            #expect(tag.storedMessage == (spec == nil ? TestMessages.bytes(written) : []))
        }
    }

    @Test func aTagWithoutTheNDEFApplicationIsEmptyAndWritableOnlyWithTheFault() async throws {
        for spec in [nil, "unformatted-as-empty"] {
            let rig = try Self.rig(spec)
            let tag = try Type4TestTag(message: [])
            tag.change { $0.hasNDEFApplication = false }
            await rig.enter(tag)
            let status = try await rig.withTag { _ in try await rig.reader.queryNDEFStatus() }
            #expect(status.status == (spec == nil ? .notSupported : .readWrite))
        }
    }

    @Test func aWriteToATagWithoutTheNDEFApplicationGoesOnToItsFilesOnlyWithTheFault()
        async throws
    {
        for spec in [nil, "writes-unformatted"] {
            let rig = try Self.rig(spec)
            let tag = try Type4TestTag(message: [])
            tag.change { $0.hasNDEFApplication = false }
            await rig.enter(tag)
            let error = await caught(NFCReaderError.self) {
                try await rig.withTag { _ in try await rig.reader.writeNDEF(Self.message) }
            }
            let selectsOfFiles = tag.apdus.filter {
                $0.ins == 0xA4 && $0.p1 == Type4Tag.selectByFileID
            }
            if spec == nil {
                guard case .ndefNotSupported = error else {
                    Issue.record("expected ndefNotSupported, got \(String(describing: error))")
                    continue
                }
                #expect(selectsOfFiles.isEmpty)
            } else {
                guard case .tagUpdateFailure = error else {
                    Issue.record("expected tagUpdateFailure, got \(String(describing: error))")
                    continue
                }
                #expect(!selectsOfFiles.isEmpty)
            }
        }
    }

    @Test func aBrokenChunkSequenceReachesTheApplicationOnlyWithRelaxedDecoding() async throws {
        // A Text record, an initial chunk (media "a", CF) and a middle chunk, and no
        // terminating chunk.
        let broken: [UInt8] =
            [0x91, 0x01, 0x03, 0x54, 0x02, 0x65, 0x6E] + [0x32, 0x01, 0x01, 0x61, 0x7B]
            + [0x36, 0x00, 0x01, 0x7D]
        for spec in [nil, "relaxed-ndef-decoding"] {
            let rig = try Self.rig(spec)
            await rig.enter(try Type4TestTag(message: broken))
            let records = try await rig.withTag { _ in
                try? await rig.reader.readNDEF().records
            }
            let media = records?.contains { $0.typeNameFormat == .media }
            #expect(media == (spec == nil ? nil : true))
        }
    }

    /// The status the reader gives a Type 2 tag laid out as `layout`, holding `message`.
    static func type2Status(_ layout: Type2LayoutVariant, _ spec: String?) async throws
        -> NFCNDEFStatus
    {
        let rig = try Self.rig(spec)
        let image = try layout.image(uid: Type2LayoutTests.uid, message: Self.bytes)
        await rig.enter(try Type2TestTag(memory: image))
        return try await rig.withTag { _ in try await rig.reader.queryNDEFStatus() }.status
    }

    @Test func aType2CCOfVersion11IsNDEFUnlessTheReaderWants10Exactly() async throws {
        let layout = Type2LayoutVariant(version: 0x11, elements: [.message, .terminator])
        #expect(try await Self.type2Status(layout, nil) == .readWrite)
        #expect(try await Self.type2Status(layout, "exact-cc-version") == .notSupported)
    }

    @Test func aType2DataAreaOf248BytesIsNDEFUnlessTheReaderKnowsOnlyTagSizes() async throws {
        let layout = Type2LayoutVariant(dataAreaSize: 248, elements: [.message, .terminator])
        #expect(try await Self.type2Status(layout, nil) == .readWrite)
        #expect(try await Self.type2Status(layout, "known-data-area-sizes") == .notSupported)
    }

    @Test func aType2MessageWithoutATerminatorIsReadUnlessTheReaderRequiresOne() async throws {
        let layout = Type2LayoutVariant(elements: [.message], trailingFill: 0xA5)
        for spec in [nil, "requires-terminator"] {
            let rig = try Self.rig(spec)
            let image = try layout.image(uid: Type2LayoutTests.uid, message: Self.bytes)
            await rig.enter(try Type2TestTag(memory: image))
            let read = try await rig.withTag { _ in try? await rig.reader.readNDEF() }
            #expect(read == (spec == nil ? Self.message : nil))
        }
    }

    @Test(
        arguments: [
            ("web-links-only", "tel:+15551234567", nil),
            ("dispatches-custom-schemes", "myapp://open", "myapp://open"),
        ] as [(String, String, String?)])
    func aDispatchFaultBendsWhatBackgroundReadingOpens(
        _ spec: String, _ url: String, _ opened: String?
    ) throws {
        let message = TestMessages.uri(url)
        let good = BackgroundReading.evaluate(message)
        let faulty = try ReaderFaults(parsing: [spec]).backgroundReadingVerdict(for: message)
        #expect((good.dispatch ? good.url : nil) != opened)
        #expect((faulty.dispatch ? faulty.url : nil) == opened)
    }

    @Test func aSmartPostersURIIsNotOpenedWhenTheReaderIgnoresSmartPosters() throws {
        let poster = try SmartPosterRecord(uri: URIRecord(uri: "https://example.com/poster"))
            .record()
        let message = NDEFMessage(records: [poster])
        #expect(BackgroundReading.evaluate(message).dispatch)
        let faults = try ReaderFaults(parsing: ["ignores-smart-poster"])
        #expect(!faults.backgroundReadingVerdict(for: message).dispatch)
    }
}
