/// A command APDU read the way a Type 4 Tag reads it: which T4T command it is, with its
/// offset, length and data; an emulator answers it, a test checks what a reader sent.
public enum Type4Command: Sendable, Hashable {
    /// SELECT by name (P1 04): an application identifier.
    case selectApplication(aid: [UInt8])
    /// SELECT by file identifier (P1 00).
    case selectFile(fileID: UInt16)
    /// READ BINARY (B0): `length` (Ne) bytes from `offset`.
    case readBinary(offset: Int, length: Int)
    /// READ BINARY with an offset data object (B1); the answer wraps the bytes in a `53`
    /// data object.
    case readBinaryODO(offset: Int, length: Int)
    /// UPDATE BINARY (D6): `data` at `offset`.
    case updateBinary(offset: Int, data: [UInt8])
    /// UPDATE BINARY with offset and discretionary data objects (D7).
    case updateBinaryODO(offset: Int, data: [UInt8])

    /// Reads a command; throws the error whose status word the tag answers.
    public init(_ apdu: CommandAPDU) throws(Type4CommandError) {
        guard apdu.cla == 0x00 else { throw .claNotSupported(offset: 0, cla: apdu.cla) }
        let dataOffset = apdu.isExtended ? 7 : 5
        switch Type4Tag.Instruction(rawValue: apdu.ins) {
        case .select:
            switch apdu.p1 {
            case Type4Tag.selectByName:
                self = .selectApplication(aid: apdu.data)
            case Type4Tag.selectByFileID:
                guard apdu.data.count == 2 else {
                    throw .wrongLength(offset: 4, length: apdu.data.count)
                }
                self = .selectFile(fileID: UInt16(bigEndian(apdu.data, at: 0, count: 2)))
            default:
                throw .incorrectP1P2(offset: 2, p1p2: apdu.p1p2)
            }
        case .readBinary:
            // P1 bit 8 set selects by short EF identifier, which T4T does not use.
            guard apdu.p1 & 0x80 == 0 else { throw .incorrectP1P2(offset: 2, p1p2: apdu.p1p2) }
            guard apdu.data.isEmpty, let le = apdu.le else {
                throw .wrongLength(offset: 4, length: apdu.data.count)
            }
            self = .readBinary(offset: Int(apdu.p1p2), length: le)
        case .updateBinary:
            guard apdu.p1 & 0x80 == 0 else { throw .incorrectP1P2(offset: 2, p1p2: apdu.p1p2) }
            guard !apdu.data.isEmpty else { throw .wrongLength(offset: 4, length: 0) }
            self = .updateBinary(offset: Int(apdu.p1p2), data: apdu.data)
        case .readBinaryODO:
            guard apdu.p1p2 == 0 else { throw .incorrectP1P2(offset: 2, p1p2: apdu.p1p2) }
            guard let le = apdu.le else { throw .wrongLength(offset: 4, length: apdu.data.count) }
            let (offset, rest) = try Self.offsetDataObject(apdu.data, at: dataOffset)
            guard rest.isEmpty else { throw .wrongData(offset: dataOffset + 5) }
            self = .readBinaryODO(offset: offset, length: le)
        case .updateBinaryODO:
            guard apdu.p1p2 == 0 else { throw .incorrectP1P2(offset: 2, p1p2: apdu.p1p2) }
            let (offset, rest) = try Self.offsetDataObject(apdu.data, at: dataOffset)
            let data = try Type4Tag.discretionaryData(in: rest, at: dataOffset + 5)
            self = .updateBinaryODO(offset: offset, data: data)
        case nil:
            throw .insNotSupported(offset: 1, ins: apdu.ins)
        }
    }

    /// Splits `54 03 offset(3)` off a data field.
    private static func offsetDataObject(_ data: [UInt8], at dataOffset: Int)
        throws(Type4CommandError) -> (Int, ArraySlice<UInt8>)
    {
        guard data.count >= 5, data[0] == Type4Tag.offsetDataObjectTag, data[1] == 0x03 else {
            throw .wrongData(offset: dataOffset)
        }
        return (bigEndian(data, at: 2, count: 3), data[5...])
    }
}

extension Type4Tag {
    /// `53 len data`: how a READ BINARY B1 answer (and an UPDATE BINARY D7's data) wraps
    /// file bytes.
    public static func discretionaryDataObject(_ data: [UInt8]) -> [UInt8] {
        [discretionaryDataObjectTag] + berLength(data.count) + data
    }

    /// The bytes inside a `53` data object that fills `field` exactly; `at` is the field's
    /// offset in the APDU, for the error.
    public static func discretionaryData(in field: some Collection<UInt8>, at offset: Int)
        throws(Type4CommandError) -> [UInt8]
    {
        let bytes = Array(field)
        guard bytes.count >= 2, bytes[0] == discretionaryDataObjectTag else {
            throw .wrongData(offset: offset)
        }
        let (length, header): (Int, Int)
        switch bytes[1] {
        case ..<0x80: (length, header) = (Int(bytes[1]), 2)
        case 0x81 where bytes.count >= 3: (length, header) = (Int(bytes[2]), 3)
        case 0x82 where bytes.count >= 4: (length, header) = (bigEndian(bytes, at: 2, count: 2), 4)
        default: throw .wrongData(offset: offset + 1)
        }
        guard header + length == bytes.count else { throw .wrongData(offset: offset + 1) }
        return Array(bytes[header...])
    }
}

/// Why a Type 4 Tag refuses a command APDU, with the status word it answers and the offset of
/// the offending byte in the APDU.
public enum Type4CommandError: Error, Sendable, Hashable {
    /// CLA is not 00: 6E00.
    case claNotSupported(offset: Int, cla: UInt8)
    /// INS is not a T4T instruction: 6D00.
    case insNotSupported(offset: Int, ins: UInt8)
    /// P1-P2 the command does not allow: 6A86.
    case incorrectP1P2(offset: Int, p1p2: UInt16)
    /// Lc or Le missing or of the wrong size: 6700.
    case wrongLength(offset: Int, length: Int)
    /// A malformed offset or discretionary data object: 6A80.
    case wrongData(offset: Int)

    /// The status word a tag answers.
    public var statusWord: StatusWord {
        switch self {
        case .claNotSupported: .claNotSupported
        case .insNotSupported: .insNotSupported
        case .incorrectP1P2: .incorrectP1P2
        case .wrongLength: .wrongLength
        case .wrongData: .wrongData
        }
    }

    /// The rule's stable name, used as `rule` in JSON output.
    public var rule: String {
        switch self {
        case .claNotSupported: "claNotSupported"
        case .insNotSupported: "insNotSupported"
        case .incorrectP1P2: "incorrectP1P2"
        case .wrongLength: "wrongLength"
        case .wrongData: "wrongData"
        }
    }

    /// The byte offset in the APDU of the offending field.
    public var offset: Int {
        switch self {
        case .claNotSupported(let offset, _), .insNotSupported(let offset, _),
            .incorrectP1P2(let offset, _), .wrongLength(let offset, _), .wrongData(let offset):
            offset
        }
    }

    /// A one-line explanation naming the offset, the value and the status word.
    public var message: String {
        let answer = "answered \(statusWord)"
        switch self {
        case .claNotSupported(_, let cla):
            return "offset \(offset): CLA \(hexByte(cla)) is not 00, \(answer)"
        case .insNotSupported(_, let ins):
            return "offset \(offset): INS \(hexByte(ins)) is not a Type 4 Tag command, \(answer)"
        case .incorrectP1P2(_, let p1p2):
            return "offset \(offset): P1-P2 \(hexWord(p1p2)) is not allowed here, \(answer)"
        case .wrongLength(_, let length):
            return "offset \(offset): \(length) data bytes or a missing Le, \(answer)"
        case .wrongData:
            return "offset \(offset): malformed offset or data object, \(answer)"
        }
    }
}

extension Type4CommandError: CustomStringConvertible {
    public var description: String { "\(rule): \(message)" }
}
