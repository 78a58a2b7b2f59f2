/// Reads the trace files `PcapngWriter` writes, and pcapng files like them: one
/// little-endian section whose interfaces are ISO 14443 or usbmon captures. Blocks of
/// other types are skipped and counted. Every length is checked against the bytes that are
/// really there before it is used, so hostile input ends in a `PcapngReadError` naming the
/// offending value and its offset, never in a crash, a huge allocation or a short read.
public enum PcapngReader {
    /// The capture in `bytes`.
    ///
    /// - Throws: `PcapngReadError` for the first thing that is not as pcapng, ISO 14443's
    ///   pseudo-header or usbmon's header require.
    public static func read(_ bytes: [UInt8]) throws(PcapngReadError) -> PcapngCapture {
        var reader = BlockReader(bytes: bytes)
        return try reader.readAll()
    }
}

/// The walk through one file's blocks.
private struct BlockReader {
    let bytes: [UInt8]
    var capture = PcapngCapture()

    /// One block's place: where it starts, its type and total length, and its body (what
    /// lies between the two lengths).
    struct Block {
        let offset: Int
        let type: UInt32
        let length: UInt32
        let body: Range<Int>
    }

    /// One option's code, value and where its length field sits.
    struct Option {
        let code: UInt16
        let value: Range<Int>
        let offset: Int
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func readAll() throws(PcapngReadError) -> PcapngCapture {
        var offset = 0
        repeat {
            let block = try nextBlock(at: offset)
            switch block.type {
            case PcapngBlock.sectionHeader:
                guard offset == 0 else { throw .secondSection(offset: offset) }
                try readSectionHeader(block)
            case PcapngBlock.interfaceDescription:
                try readInterfaceDescription(block)
            case PcapngBlock.enhancedPacket:
                try readEnhancedPacket(block)
            default:
                capture.skippedBlocks += 1
            }
            offset += Int(block.length)
        } while offset < bytes.count
        return capture
    }

    /// The block at `offset`, its lengths checked; the first must be a section header
    /// whose byte order is read before its length is trusted.
    private func nextBlock(at offset: Int) throws(PcapngReadError) -> Block {
        let available = bytes.count - offset
        guard available >= PcapngBlock.minimumSize else {
            throw .truncated(offset: offset, needed: PcapngBlock.minimumSize, available: available)
        }
        let type: UInt32 = bytes.littleEndian(at: offset)
        let length: UInt32 = bytes.littleEndian(at: offset + 4)
        if offset == 0 {
            guard type == PcapngBlock.sectionHeader else {
                throw .notASectionHeader(blockType: type, offset: offset)
            }
            let magic: UInt32 = bytes.littleEndian(at: offset + 8)
            guard magic == PcapngBlock.byteOrderMagic else {
                throw .byteOrderMagic(magic, offset: offset + 8)
            }
        }
        guard length >= UInt32(PcapngBlock.minimumSize), length % 4 == 0 else {
            throw .blockLength(length, blockType: type, offset: offset + 4)
        }
        guard Int(length) <= available else {
            throw .blockLengthExceedsFile(length, offset: offset + 4, available: available)
        }
        let trailerOffset = offset + Int(length) - PcapngBlock.trailerSize
        let trailer: UInt32 = bytes.littleEndian(at: trailerOffset)
        guard trailer == length else {
            throw .trailingBlockLength(trailer, expected: length, offset: trailerOffset)
        }
        return Block(
            offset: offset, type: type, length: length,
            body: (offset + PcapngBlock.headerSize)..<trailerOffset)
    }

    /// Throws unless `block`'s body holds `size` bytes of fixed fields.
    private func requireBody(_ block: Block, _ size: Int) throws(PcapngReadError) {
        guard block.body.count >= size else {
            throw .blockLength(block.length, blockType: block.type, offset: block.offset + 4)
        }
    }

    private mutating func readSectionHeader(_ block: Block) throws(PcapngReadError) {
        try requireBody(block, PcapngBlock.sectionHeaderFixedSize)
        let major: UInt16 = bytes.littleEndian(at: block.body.lowerBound + 4)
        guard major == PcapngBlock.majorVersion else {
            throw .unsupportedVersion(major: major, offset: block.body.lowerBound + 4)
        }
        let fixedEnd = block.body.lowerBound + PcapngBlock.sectionHeaderFixedSize
        for option in try options(from: fixedEnd, to: block.body.upperBound) {
            switch option.code {
            case PcapngBlock.Option.comment: capture.comments.append(text(option.value))
            case PcapngBlock.Option.userApplication: capture.application = text(option.value)
            default: break
            }
        }
    }

    private mutating func readInterfaceDescription(_ block: Block) throws(PcapngReadError) {
        try requireBody(block, PcapngBlock.interfaceDescriptionFixedSize)
        let rawLinkType: UInt16 = bytes.littleEndian(at: block.body.lowerBound)
        guard let linkType = PcapngLinkType(rawValue: rawLinkType) else {
            throw .unsupportedLinkType(rawLinkType, offset: block.body.lowerBound)
        }
        var interface = PcapngInterface(
            linkType: linkType, name: nil, description: nil, timestampResolution: 6,
            offset: block.offset)
        let fixedEnd = block.body.lowerBound + PcapngBlock.interfaceDescriptionFixedSize
        for option in try options(from: fixedEnd, to: block.body.upperBound) {
            switch option.code {
            case PcapngBlock.Option.interfaceName: interface.name = text(option.value)
            case PcapngBlock.Option.interfaceDescription:
                interface.description = text(option.value)
            case PcapngBlock.Option.timestampResolution:
                let resolution = option.value.isEmpty ? 0 : bytes[option.value.lowerBound]
                guard option.value.count == 1, TimestampResolution.isSupported(resolution) else {
                    throw .timestampResolution(resolution, offset: option.value.lowerBound)
                }
                interface.timestampResolution = resolution
            default: break
            }
        }
        capture.interfaces.append(interface)
    }

    private mutating func readEnhancedPacket(_ block: Block) throws(PcapngReadError) {
        try requireBody(block, PcapngBlock.enhancedPacketFixedSize)
        let start = block.body.lowerBound
        let interfaceID: UInt32 = bytes.littleEndian(at: start)
        guard interfaceID < capture.interfaces.count else {
            throw .unknownInterface(interfaceID, offset: start)
        }
        let interface = capture.interfaces[Int(interfaceID)]
        let high: UInt32 = bytes.littleEndian(at: start + 4)
        let low: UInt32 = bytes.littleEndian(at: start + 8)
        let ticks = UInt64(high) << 32 | UInt64(low)
        guard
            let timestamp = TimestampResolution.nanoseconds(
                ticks: ticks, resolution: interface.timestampResolution)
        else { throw .timestampOutOfRange(ticks: ticks, offset: start + 4) }
        let capturedLength: UInt32 = bytes.littleEndian(at: start + 12)
        let dataStart = start + PcapngBlock.enhancedPacketFixedSize
        let available = block.body.upperBound - dataStart
        guard Int(capturedLength) <= available else {
            throw .capturedLength(capturedLength, offset: start + 12, available: available)
        }
        let data = dataStart..<(dataStart + Int(capturedLength))
        var comments: [String] = []
        let optionsStart = min(dataStart + Int(capturedLength).paddedToWord, block.body.upperBound)
        for option in try options(from: optionsStart, to: block.body.upperBound)
        where option.code == PcapngBlock.Option.comment {
            comments.append(text(option.value))
        }
        switch interface.linkType {
        case .iso14443:
            let record = try iso14443Record(data, timestamp: timestamp)
            capture.packets.append(
                PcapngPacket(
                    interface: Int(interfaceID), record: record, comments: comments,
                    offset: block.offset))
        case .usbLinuxMemoryMapped:
            guard let (record, address) = try usbRecord(data, timestamp: timestamp) else {
                capture.skippedTransfers += 1
                return
            }
            capture.packets.append(
                PcapngPacket(
                    interface: Int(interfaceID), record: record, usbAddress: address,
                    comments: comments, offset: block.offset))
        }
    }

    private func iso14443Record(_ data: Range<Int>, timestamp: Int64)
        throws(PcapngReadError) -> TraceRecord
    {
        let start = data.lowerBound
        guard data.count >= ISO14443PseudoHeader.size else {
            throw .packetTooShort(
                length: data.count, needed: ISO14443PseudoHeader.size, offset: start)
        }
        let version = bytes[start]
        guard version == ISO14443PseudoHeader.version else {
            throw .pseudoHeaderVersion(version, offset: start)
        }
        guard let event = ISO14443PseudoHeader.Event(rawValue: bytes[start + 1]) else {
            throw .pseudoHeaderEvent(bytes[start + 1], offset: start + 1)
        }
        let length = UInt16(bytes[start + 2]) << 8 | UInt16(bytes[start + 3])
        let actual = data.count - ISO14443PseudoHeader.size
        guard Int(length) == actual, !(event.kind.isFieldEvent && actual != 0) else {
            throw .pseudoHeaderLength(length, actual: actual, offset: start + 2)
        }
        return TraceRecord(
            timestamp: timestamp, kind: event.kind,
            bytes: Array(bytes[(start + ISO14443PseudoHeader.size)..<data.upperBound]),
            crcCaptured: event.crcCaptured)
    }

    /// The record of a usbmon packet, or `nil` for one that carries no bulk bytes.
    private func usbRecord(_ data: Range<Int>, timestamp: Int64)
        throws(PcapngReadError) -> (TraceRecord, USBDeviceAddress)?
    {
        let start = data.lowerBound
        guard data.count >= USBMonPacketHeader.size else {
            throw .packetTooShort(
                length: data.count, needed: USBMonPacketHeader.size, offset: start)
        }
        let header = USBMonPacketHeader(bytes, at: start)
        guard
            [
                USBMonPacketHeader.submission, USBMonPacketHeader.completion,
                USBMonPacketHeader.error,
            ]
            .contains(header.type)
        else { throw .usbEventType(header.type, offset: start + 8) }
        let actual = data.count - USBMonPacketHeader.size
        guard Int(header.capturedLength) == actual else {
            throw .usbCapturedLength(header.capturedLength, actual: actual, offset: start + 36)
        }
        guard header.type != USBMonPacketHeader.error,
            header.transferType == USBMonPacketHeader.bulk, actual > 0
        else { return nil }
        let record = TraceRecord(
            timestamp: timestamp, kind: header.isIn ? .chipToHost : .hostToChip,
            bytes: Array(bytes[(start + USBMonPacketHeader.size)..<data.upperBound]))
        return (record, header.address)
    }

    /// The options between `start` and `end`, up to `opt_endofopt` or the end; fewer than
    /// 4 bytes left over are padding.
    private func options(from start: Int, to end: Int) throws(PcapngReadError) -> [Option] {
        var options: [Option] = []
        var offset = start
        while end - offset >= 4 {
            let code: UInt16 = bytes.littleEndian(at: offset)
            let length: UInt16 = bytes.littleEndian(at: offset + 2)
            if code == PcapngBlock.Option.endOfOptions { break }
            let valueStart = offset + 4
            guard Int(length) <= end - valueStart else {
                throw .optionLength(code: code, length: length, offset: offset + 2)
            }
            options.append(
                Option(
                    code: code, value: valueStart..<(valueStart + Int(length)),
                    offset: offset + 2))
            offset = valueStart + Int(length).paddedToWord
        }
        return options
    }

    /// An option's text; bytes that are not UTF-8 become U+FFFD rather than an error, as
    /// a comment is for people.
    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
