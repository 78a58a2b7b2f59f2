import NFCRigTestSupport
import PacketTrace
import Testing

/// Hostile and broken files: each gives its own error, naming the value and the offset of
/// the field at fault.
@Suite struct PcapngReaderErrorTests {
    /// The error reading `bytes` throws; `nil` when it reads.
    func error(reading bytes: [UInt8]) -> PcapngReadError? {
        do {
            _ = try PcapngReader.read(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// `oneFrameFile()` and the offsets of its interface and packet blocks.
    func sample() throws -> (file: [UInt8], idb: Int, epb: Int) {
        let file = try oneFrameFile()
        let offsets = file.blockOffsets
        try #require(offsets.count == 3)
        return (file, offsets[1], offsets[2])
    }

    @Test func anEmptyOrShortFileIsTruncatedAtItsStart() {
        #expect(error(reading: []) == .truncated(offset: 0, needed: 12, available: 0))
        #expect(error(reading: [0x0A, 0x0D]) == .truncated(offset: 0, needed: 12, available: 2))
    }

    @Test func aFileThatIsNotPcapngOrIsBigEndianIsRefusedAtItsFirstBlock() throws {
        var (file, _, _) = try sample()
        var notPcapng = file
        notPcapng.put32(0xA1B2_C3D4, at: 0)  // a classic pcap file's magic
        #expect(error(reading: notPcapng) == .notASectionHeader(blockType: 0xA1B2_C3D4, offset: 0))
        file.replaceSubrange(8..<12, with: [0x1A, 0x2B, 0x3C, 0x4D])
        #expect(error(reading: file) == .byteOrderMagic(0x4D3C_2B1A, offset: 8))
    }

    @Test func anotherMajorVersionIsRefused() throws {
        var (file, _, _) = try sample()
        file.put16(2, at: 12)
        #expect(error(reading: file) == .unsupportedVersion(major: 2, offset: 12))
    }

    @Test func aFileCutShortInsideABlockSaysWhereAndHowMuchIsMissing() throws {
        let (file, _, epb) = try sample()
        #expect(
            error(reading: Array(file.prefix(epb + 5)))
                == .truncated(offset: epb, needed: 12, available: 5))
        let length = file.u32(at: epb + 4)
        #expect(
            error(reading: Array(file.dropLast(8)))
                == .blockLengthExceedsFile(length, offset: epb + 4, available: Int(length) - 8))
    }

    @Test func everyPrefixOfAFileEitherReadsAtABlockBoundaryOrThrows() throws {
        let file = try PcapngWriter.write(SampleTraces.section)
        let boundaries = Set(file.blockOffsets + [file.count])
        for length in 0..<file.count {
            let read = error(reading: Array(file.prefix(length))) == nil
            #expect(read == (boundaries.contains(length) && length > 0), "prefix of \(length)")
        }
    }

    @Test func blockLengthsThatAreTooSmallUnalignedOrHugeAreRefused() throws {
        let (file, _, epb) = try sample()
        for bad: UInt32 in [0, 8, 41, 0xFFFF_FFFF] {
            var broken = file
            broken.put32(bad, at: epb + 4)
            #expect(error(reading: broken) == .blockLength(bad, blockType: 6, offset: epb + 4))
        }
        var huge = file
        huge.put32(0xFFFF_FFFC, at: epb + 4)
        #expect(
            error(reading: huge)
                == .blockLengthExceedsFile(
                    0xFFFF_FFFC, offset: epb + 4, available: file.count - epb))
        // A length that fits the file but is too small for a packet block's fixed fields.
        var short = file
        let tooShort = pcapngBlock(type: 6, body: [0, 0, 0, 0])
        short.replaceSubrange(epb..<file.count, with: tooShort)
        #expect(error(reading: short) == .blockLength(16, blockType: 6, offset: epb + 4))
    }

    @Test func aTrailingLengthThatDisagreesWithTheLeadingOneIsRefused() throws {
        var (file, _, epb) = try sample()
        let length = file.u32(at: epb + 4)
        file.put32(length + 4, at: file.count - 4)
        #expect(
            error(reading: file)
                == .trailingBlockLength(length + 4, expected: length, offset: file.count - 4))
    }

    @Test func aSecondSectionIsRefused() throws {
        let (file, _, _) = try sample()
        #expect(error(reading: file + file) == .secondSection(offset: file.count))
    }

    @Test func anInterfaceOfAnotherLinkTypeIsRefused() throws {
        var (file, idb, _) = try sample()
        file.put16(1, at: idb + 8)  // LINKTYPE_ETHERNET
        #expect(error(reading: file) == .unsupportedLinkType(1, offset: idb + 8))
    }

    @Test func anOptionReachingPastItsBlockIsRefused() throws {
        var (file, idb, _) = try sample()
        // The first option of the interface block, if_name, after its 8 fixed bytes.
        #expect(file.u16(at: idb + 16) == 2)
        file.put16(200, at: idb + 18)
        #expect(error(reading: file) == .optionLength(code: 2, length: 200, offset: idb + 18))
    }

    @Test func aTimestampResolutionBeyondWhatNanosecondsHoldIsRefused() throws {
        let (file, idb, _) = try sample()
        let resolution = try #require(
            (idb..<(idb + Int(file.u32(at: idb + 4)))).first {
                file.u16(at: $0) == 9 && file.u16(at: $0 + 2) == 1 && file[$0 + 4] == 9
            })
        var broken = file
        broken[resolution + 4] = 20
        #expect(error(reading: broken) == .timestampResolution(20, offset: resolution + 4))
        // Other resolutions are read: 1000 ticks of a microsecond, of 2^-10 s.
        let epb = file.blockOffsets[2]
        var microseconds = file
        microseconds[resolution + 4] = 6
        microseconds.put32(1_000, at: epb + 16)
        #expect(try PcapngReader.read(microseconds).packets.first?.record.timestamp == 1_000_000)
        var binary = microseconds
        binary[resolution + 4] = 0x80 | 10
        #expect(try PcapngReader.read(binary).packets.first?.record.timestamp == 976_562_500)
    }

    @Test func aPacketOnAnUnknownInterfaceOrWithAnImpossibleTimeIsRefused() throws {
        let (file, _, epb) = try sample()
        var unknown = file
        unknown.put32(7, at: epb + 8)
        #expect(error(reading: unknown) == .unknownInterface(7, offset: epb + 8))
        var late = file
        late.put32(0xFFFF_FFFF, at: epb + 12)
        #expect(
            error(reading: late)
                == .timestampOutOfRange(ticks: 0xFFFF_FFFF_0000_0000, offset: epb + 12))
    }

    @Test func aCapturedLengthReachingPastItsBlockIsRefused() throws {
        var (file, _, epb) = try sample()
        file.put32(0xFFFF, at: epb + 20)
        #expect(error(reading: file) == .capturedLength(0xFFFF, offset: epb + 20, available: 8))
    }

    @Test func aBrokenISO14443PseudoHeaderIsRefusedAsWiresharkRefusesIt() throws {
        let (file, _, epb) = try sample()
        let header = epb + 28
        var version = file
        version[header] = 1
        #expect(error(reading: version) == .pseudoHeaderVersion(1, offset: header))
        var event = file
        event[header + 1] = 0xF0
        #expect(error(reading: event) == .pseudoHeaderEvent(0xF0, offset: header + 1))
        var length = file
        length[header + 3] = 2
        #expect(error(reading: length) == .pseudoHeaderLength(2, actual: 1, offset: header + 2))
        var fieldWithBytes = file
        fieldWithBytes[header + 1] = 0xFC
        #expect(
            error(reading: fieldWithBytes) == .pseudoHeaderLength(1, actual: 1, offset: header + 2))
        let head = try fileHead(link: .rf)
        #expect(
            error(reading: head + enhancedPacketBlock([0x00, 0xFE]))
                == .packetTooShort(length: 2, needed: 4, offset: head.count + 28))
    }

    @Test func aBrokenUSBMonHeaderIsRefused() throws {
        let head = try fileHead(link: .usb(.simulatedChip(0)))
        let data = head.count + 28
        #expect(
            error(reading: head + enhancedPacketBlock(Array(repeating: 0, count: 63)))
                == .packetTooShort(length: 63, needed: 64, offset: data))
        var header = [UInt8](repeating: 0, count: 64)
        header[8] = UInt8(ascii: "X")
        #expect(
            error(reading: head + enhancedPacketBlock(header))
                == .usbEventType(0x58, offset: data + 8))
        header[8] = UInt8(ascii: "C")
        header.put32(5, at: 36)
        #expect(
            error(reading: head + enhancedPacketBlock(header + [1, 2]))
                == .usbCapturedLength(5, actual: 2, offset: data + 36))
    }

    @Test func otherBlocksAndUSBPacketsWithoutBulkBytesAreSkippedAndCounted() throws {
        let head = try fileHead(link: .usb(.simulatedChip(0)))
        // A name resolution block (type 4) holding only its end record.
        let names = pcapngBlock(type: 4, body: [0, 0, 0, 0])
        // The submission of a bulk IN transfer: a buffer offered, no bytes yet.
        var submission = [UInt8](repeating: 0, count: 64)
        submission[8] = UInt8(ascii: "S")
        submission[9] = 3
        submission[10] = 0x84
        // A control transfer's completion with bytes.
        var control = submission
        control[8] = UInt8(ascii: "C")
        control[9] = 2
        control.put32(1, at: 36)
        let capture = try PcapngReader.read(
            head + names + enhancedPacketBlock(submission) + enhancedPacketBlock(control + [0x12]))
        #expect(capture.packets.isEmpty)
        #expect(capture.skippedBlocks == 1)
        #expect(capture.skippedTransfers == 2)
    }

    @Test func seededByteFlipsNeverCrashTheReader() throws {
        let file = try PcapngWriter.write(SampleTraces.section)
        var state: UInt64 = 0x6E66_6372_6967_0021
        for _ in 0..<2_000 {
            var broken = file
            for _ in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                broken[Int(state >> 33) % broken.count] = UInt8(truncatingIfNeeded: state >> 17)
            }
            _ = error(reading: broken)
        }
    }
}
