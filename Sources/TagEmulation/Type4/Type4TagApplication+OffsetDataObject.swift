import TagFormat

/// READ BINARY (B1) and UPDATE BINARY (D7) with offset data objects, which mapping 3.0 adds
/// for offsets beyond 0x7FFF:
/// ```
/// B1  data: 54 03 offset(3)                     answer: 53 len bytes, Le counting it all
/// D7  data: 54 03 offset(3) 53 len bytes        len in BER-TLV form (xx, 81 xx, 82 xx xx)
/// ```
extension Type4TagApplication {
    mutating func readBinaryWithOffsetObject(_ command: CommandAPDU) -> ResponseAPDU {
        guard case .file(let file) = selection else {
            return ResponseAPDU(statusWord: .commandNotAllowed)
        }
        guard command.p1p2 == 0 else { return ResponseAPDU(statusWord: .wrongP1P2) }
        guard let offset = Self.offset(inDataObject: command.data), command.data.count == 5
        else { return ResponseAPDU(statusWord: .wrongData) }
        guard let expected = command.le, expected <= configuration.maximumResponseDataLength,
            let length = Self.largestWrappedLength(fitting: expected)
        else { return ResponseAPDU(statusWord: .wrongLength) }
        var answer = read(file, offset: offset, length: length)
        if answer.statusWord == .ok {
            answer.data =
                [Type4Tag.discretionaryDataObjectTag] + Type4Tag.berLength(length) + answer.data
        }
        return answer
    }

    mutating func updateBinaryWithOffsetObject(_ command: CommandAPDU) -> ResponseAPDU {
        guard case .file(let file) = selection else {
            return ResponseAPDU(statusWord: .commandNotAllowed)
        }
        guard command.p1p2 == 0 else { return ResponseAPDU(statusWord: .wrongP1P2) }
        let data = command.data
        guard let offset = Self.offset(inDataObject: data), data.count > 6,
            data[5] == Type4Tag.discretionaryDataObjectTag,
            let (length, lengthSize) = Self.berLength(in: data, at: 6),
            length > 0, 6 + lengthSize + length == data.count
        else { return ResponseAPDU(statusWord: .wrongData) }
        return update(
            file, offset: offset, bytes: Array(data[(6 + lengthSize)...]),
            commandDataLength: data.count)
    }

    /// The offset an offset data object `54 03 xx xx xx` at the start of `data` carries.
    private static func offset(inDataObject data: [UInt8]) -> Int? {
        guard data.count >= 5, data[0] == Type4Tag.offsetDataObjectTag, data[1] == 0x03 else {
            return nil
        }
        return Int(data[2]) << 16 | Int(data[3]) << 8 | Int(data[4])
    }

    /// A BER-TLV length at `index`: its value and how many bytes it took.
    private static func berLength(in data: [UInt8], at index: Int) -> (Int, Int)? {
        guard index < data.count else { return nil }
        switch data[index] {
        case ..<0x80:
            return (Int(data[index]), 1)
        case 0x81 where index + 1 < data.count:
            return (Int(data[index + 1]), 2)
        case 0x82 where index + 2 < data.count:
            return (Int(data[index + 1]) << 8 | Int(data[index + 2]), 3)
        default:
            return nil
        }
    }

    /// The most file bytes whose `53` data object fits in `expected` response bytes.
    private static func largestWrappedLength(fitting expected: Int) -> Int? {
        var length = expected - 2
        while length > 0, 1 + Type4Tag.berLength(length).count + length > expected {
            length -= 1
        }
        return length > 0 ? length : nil
    }
}
