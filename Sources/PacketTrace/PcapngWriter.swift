/// Writes a `TraceSection` as a pcapng file Wireshark reads: a Section Header Block with
/// the section's comments, one Interface Description Block per interface (timestamps in
/// nanoseconds), then every record of every interface as an Enhanced Packet Block, in time
/// order. Where a bounded trace dropped records, the first packet after the gap says how
/// many, and so does the section header.
public enum PcapngWriter {
    /// The file's bytes.
    ///
    /// - Throws: `PcapngWriteError` for a record its interface cannot carry, a negative
    ///   timestamp, or text too long for an option.
    public static func write(_ section: TraceSection, application: String = "nfcrig")
        throws(PcapngWriteError) -> [UInt8]
    {
        var file = try sectionHeader(section, application: application)
        for trace in section.interfaces {
            file += try interfaceDescription(trace.interface)
        }
        for (interface, record) in timeOrder(section.interfaces) {
            let trace = section.interfaces[interface]
            let comment = trace.gap.flatMap { $0.index == record ? $0.summary : nil }
            file += try enhancedPacket(
                trace.records[record], interface: interface, record: record,
                on: trace.interface, comment: comment)
        }
        return file
    }

    /// (interface, record) pairs by timestamp; ties keep interface order, then record
    /// order, so that the same section always gives the same file.
    private static func timeOrder(_ interfaces: [InterfaceTrace]) -> [(Int, Int)] {
        var order: [(timestamp: Int64, interface: Int, record: Int)] = []
        order.reserveCapacity(interfaces.reduce(0) { $0 + $1.records.count })
        for (interface, trace) in interfaces.enumerated() {
            for (index, record) in trace.records.enumerated() {
                order.append((record.timestamp, interface, index))
            }
        }
        order.sort {
            ($0.timestamp, $0.interface, $0.record) < ($1.timestamp, $1.interface, $1.record)
        }
        return order.map { ($0.interface, $0.record) }
    }

    private static func sectionHeader(_ section: TraceSection, application: String)
        throws(PcapngWriteError) -> [UInt8]
    {
        var body: [UInt8] = []
        body.appendLittleEndian(PcapngBlock.byteOrderMagic)
        body.appendLittleEndian(PcapngBlock.majorVersion)
        body.appendLittleEndian(PcapngBlock.minorVersion)
        // Section length unknown (-1): readers then walk the blocks.
        body.appendLittleEndian(Int64(-1))
        var comments = section.comments
        for trace in section.interfaces {
            if let gap = trace.gap { comments.append("\(trace.interface.name): \(gap.summary)") }
        }
        for comment in comments {
            try appendOption(PcapngBlock.Option.comment, comment, to: &body)
        }
        try appendOption(PcapngBlock.Option.userApplication, application, to: &body)
        appendEndOfOptions(to: &body)
        return block(PcapngBlock.sectionHeader, body)
    }

    private static func interfaceDescription(_ interface: TraceInterface)
        throws(PcapngWriteError) -> [UInt8]
    {
        var body: [UInt8] = []
        body.appendLittleEndian(interface.linkType.rawValue)
        body.appendLittleEndian(UInt16(0))
        // Snap length 0: no limit.
        body.appendLittleEndian(UInt32(0))
        try appendOption(PcapngBlock.Option.interfaceName, interface.name, to: &body)
        try appendOption(
            PcapngBlock.Option.interfaceDescription, interface.description, to: &body)
        appendOption(
            PcapngBlock.Option.timestampResolution, [PcapngBlock.nanosecondResolution],
            to: &body)
        appendEndOfOptions(to: &body)
        return block(PcapngBlock.interfaceDescription, body)
    }

    private static func enhancedPacket(
        _ record: TraceRecord, interface: Int, record index: Int, on description: TraceInterface,
        comment: String?
    ) throws(PcapngWriteError) -> [UInt8] {
        let data = try packetData(record, interface: interface, record: index, on: description)
        // Room left for the block's fixed fields and a comment option (at most 64 KiB).
        guard data.count <= Int(UInt32.max) - 0x2_0000 else {
            throw .recordTooLong(interface: interface, record: index, length: record.bytes.count)
        }
        guard record.timestamp >= 0 else {
            throw .negativeTimestamp(
                interface: interface, record: index, timestamp: record.timestamp)
        }
        let ticks = UInt64(record.timestamp)
        var body: [UInt8] = []
        body.reserveCapacity(PcapngBlock.enhancedPacketFixedSize + data.count + 3)
        body.appendLittleEndian(UInt32(interface))
        body.appendLittleEndian(UInt32(ticks >> 32))
        body.appendLittleEndian(UInt32(ticks & 0xFFFF_FFFF))
        body.appendLittleEndian(UInt32(data.count))
        body.appendLittleEndian(UInt32(data.count))
        body += data
        body.padToWord()
        if let comment {
            try appendOption(PcapngBlock.Option.comment, comment, to: &body)
            appendEndOfOptions(to: &body)
        }
        return block(PcapngBlock.enhancedPacket, body)
    }

    /// The packet: the link type's header, then the record's bytes.
    private static func packetData(
        _ record: TraceRecord, interface: Int, record index: Int, on description: TraceInterface
    ) throws(PcapngWriteError) -> [UInt8] {
        guard description.carries(record.kind) else {
            throw .recordOnWrongInterface(interface: interface, record: index, kind: record.kind)
        }
        switch description.link {
        case .rf:
            guard let event = ISO14443PseudoHeader.Event(record) else {
                throw .recordOnWrongInterface(
                    interface: interface, record: index, kind: record.kind)
            }
            if record.kind.isFieldEvent && !record.bytes.isEmpty {
                throw .fieldSwitchWithBytes(
                    interface: interface, record: index, count: record.bytes.count)
            }
            guard let length = UInt16(exactly: record.bytes.count) else {
                throw .recordTooLong(
                    interface: interface, record: index, length: record.bytes.count)
            }
            return ISO14443PseudoHeader.encode(event, length: length) + record.bytes
        case .usb(let address):
            // URB ids only pair a submission with its completion, which a trace never
            // holds both of; counting records keeps them unique within the interface.
            let header = USBMonPacketHeader(
                id: UInt64(index + 1), record: record, address: address)
            return header.encode() + record.bytes
        }
    }

    /// A block: type, total length, body (already padded), total length again.
    private static func block(_ type: UInt32, _ body: [UInt8]) -> [UInt8] {
        let total = UInt32(PcapngBlock.minimumSize + body.count)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(total))
        bytes.appendLittleEndian(type)
        bytes.appendLittleEndian(total)
        bytes += body
        bytes.appendLittleEndian(total)
        return bytes
    }

    private static func appendOption(_ code: UInt16, _ text: String, to body: inout [UInt8])
        throws(PcapngWriteError)
    {
        let value = Array(text.utf8)
        guard value.count <= Int(UInt16.max) else {
            throw .optionTooLong(code: code, length: value.count, text: String(text.prefix(40)))
        }
        appendOption(code, value, to: &body)
    }

    private static func appendOption(_ code: UInt16, _ value: [UInt8], to body: inout [UInt8]) {
        body.appendLittleEndian(code)
        body.appendLittleEndian(UInt16(value.count))
        body += value
        body.padToWord()
    }

    private static func appendEndOfOptions(to body: inout [UInt8]) {
        body.appendLittleEndian(PcapngBlock.Option.endOfOptions)
        body.appendLittleEndian(UInt16(0))
    }
}
