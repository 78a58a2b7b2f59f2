/// A TLV found in a Type 2 Tag data area, with where its bytes are.
public struct Type2ParsedTLV: Sendable, Hashable {
    /// The tag.
    public var tag: Type2TLVTag
    /// The tag memory address of the tag byte.
    public var offset: Int
    /// 0 for NULL and Terminator, else 1 or 3.
    public var lengthFieldSize: Int
    /// The value, gathered around any lock and reserved bytes inside it.
    public var value: [UInt8]
    /// The address after the TLV's last byte.
    public var endOffset: Int

    /// The TLV without its position.
    public var tlv: Type2TLV { Type2TLV(tag: tag, value: value) }
}

/// The walk a reader does over a Type 2 Tag data area: TLV after TLV from byte 16, jumping
/// over the lock and reserved bytes each Lock and Memory Control TLV declares for the bytes
/// after it, until a Terminator, the end of the data area or (by default) the first NDEF TLV.
///
/// A missing terminator is fine. When the bytes end before the data area does, the walk
/// stops and says where (`missingFrom`), so that a reader can read further blocks and walk
/// again.
public struct Type2TLVWalk: Sendable, Hashable {
    /// The TLVs in order, NULL TLVs included.
    public var tlvs: [Type2ParsedTLV]
    /// The lock and reserved areas: those declared, then the default dynamic lock bytes when
    /// no Lock Control TLV was found and the data area exceeds 48 bytes.
    public var areas: [Type2ReservedArea]
    /// Whether a Terminator TLV ended the walk.
    public var terminated: Bool
    /// The first address the walk needed but the bytes did not hold; nil when complete.
    public var missingFrom: Int?
    /// The largest NDEF message that fits where the NDEF TLV is (or, without one, where the
    /// walk stopped), given the areas jumped over.
    public var ndefCapacity: Int

    /// The first NDEF TLV.
    public var ndefTLV: Type2ParsedTLV? { tlvs.first { $0.tag == .ndefMessage } }

    /// Walks `memory` (tag memory from block 0) over a data area of `dataAreaSize` bytes.
    /// Without `jumpsOverReservedBytes` the walk reads the reserved bytes Memory Control TLVs
    /// declare as TLV bytes, as a reader with the `ignores-memory-control` fault does;
    /// `leniency` breaks the rules it names (a Terminator walked past, a value taken from
    /// beyond the data area), as the reader faults that model them do.
    public init(
        memory: [UInt8], dataAreaSize: Int, stopsAtNDEFMessage: Bool = true,
        jumpsOverReservedBytes: Bool = true, leniency: Type2Leniency = []
    ) throws(Type2TagError) {
        var cursor = Type2DataCursor(dataAreaSize: dataAreaSize)
        tlvs = []
        areas = []
        terminated = false
        missingFrom = nil
        ndefCapacity = 0
        var capacityFrom: Type2DataCursor?
        walk: while let start = cursor.next() {
            guard start < memory.count else {
                missingFrom = start
                break
            }
            let tag = Type2TLVTag(rawValue: memory[start])
            if tag.isSingleByte {
                tlvs.append(
                    Type2ParsedTLV(
                        tag: tag, offset: start, lengthFieldSize: 0, value: [],
                        endOffset: start + 1))
                if tag == .terminator {
                    capacityFrom = capacityFrom ?? cursorAt(start, from: cursor)
                    if leniency.contains(.pastTerminator) { continue }
                    terminated = true
                    break
                }
                continue
            }
            // Length: one byte, or FF and two more.
            var lengthBytes: [UInt8] = []
            var lengthOffset = start
            let headerPastEnd = leniency.contains(.headerPastDataArea)
            while lengthBytes.count < (lengthBytes.first == 0xFF ? 3 : 1) {
                guard let address = cursor.next() ?? (headerPastEnd ? cursor.nextPastEnd() : nil)
                else {
                    throw .tlvLengthTruncated(offset: start, tag: tag.rawValue)
                }
                guard address < memory.count else {
                    missingFrom = address
                    break walk
                }
                if lengthBytes.isEmpty { lengthOffset = address }
                lengthBytes.append(memory[address])
            }
            let length =
                lengthBytes.count == 1
                ? Int(lengthBytes[0]) : bigEndian(lengthBytes, at: 1, count: 2)
            if tag == .lockControl || tag == .memoryControl, length != 3 {
                throw .controlTLVLength(offset: start, tag: tag.rawValue, length: length)
            }
            if tag == .ndefMessage { capacityFrom = capacityFrom ?? cursorAt(start, from: cursor) }
            var value: [UInt8] = []
            value.reserveCapacity(min(length, memory.count))
            var end = lengthOffset + lengthBytes.count
            let pastDataArea = leniency.contains(.pastDataArea)
            while value.count < length {
                guard let address = cursor.next() ?? (pastDataArea ? cursor.nextPastEnd() : nil)
                else {
                    throw .tlvValueOverrunsDataArea(
                        offset: lengthOffset, tag: tag.rawValue, length: length,
                        available: value.count)
                }
                guard address < memory.count else {
                    missingFrom = address
                    break walk
                }
                value.append(memory[address])
                end = address + 1
            }
            tlvs.append(
                Type2ParsedTLV(
                    tag: tag, offset: start, lengthFieldSize: lengthBytes.count, value: value,
                    endOffset: end))
            switch tag {
            case .lockControl:
                let area = Type2LockControl(value: value).lockBits.area
                try declare(.lockBytes, area, at: start, in: &cursor)
            case .memoryControl where jumpsOverReservedBytes:
                let area = Type2MemoryControl(value: value).area
                try declare(.reservedBytes, area, at: start, in: &cursor)
            case .ndefMessage where stopsAtNDEFMessage:
                break walk
            default:
                break
            }
        }
        if !areas.contains(where: { $0.kind == .lockBytes }),
            let lock = Type2DynamicLockBits.defaultBits(dataAreaSize: dataAreaSize)
        {
            areas.append(Type2ReservedArea(kind: .lockBytes, range: lock.area, declaredAt: nil))
        }
        ndefCapacity = type2NDEFCapacity(available: (capacityFrom ?? cursor).remaining())
    }

    /// Records a declared area and makes the cursor jump over it from now on.
    private mutating func declare(
        _ kind: Type2ReservedArea.Kind, _ area: Range<Int>, at offset: Int,
        in cursor: inout Type2DataCursor
    ) throws(Type2TagError) {
        guard area.lowerBound >= Type2Tag.dataAreaOffset else {
            throw .controlAreaInStaticMemory(offset: offset, position: area.lowerBound)
        }
        areas.append(Type2ReservedArea(kind: kind, range: area, declaredAt: offset))
        cursor.skip(area)
    }
}

/// A copy of `cursor` moved back so that its next address is `address` (an address it has
/// just handed out, so nothing between is skipped differently).
private func cursorAt(_ address: Int, from cursor: Type2DataCursor) -> Type2DataCursor {
    var copy = cursor
    copy.rewind(to: address)
    return copy
}
