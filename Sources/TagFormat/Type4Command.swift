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
