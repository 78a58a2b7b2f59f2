import TagFormat

extension Type4TagApplication {
    /// READ BINARY: `length` bytes of the selected file from `offset`, at most MLe; past the
    /// file's end 6700, or the bytes there with the quirk `answersShortReads`; from its end
    /// on 6B00, or 9000 and no data with the quirk `emptyReadsPastEnd` (so many times).
    mutating func readBinary(offset: Int, length: Int) -> ResponseAPDU {
        guard case .file(let file) = selection else {
            return ResponseAPDU(statusWord: .commandNotAllowed)
        }
        if file == .ndef, !configuration.capabilityContainer.isReadable {
            return ResponseAPDU(statusWord: .securityStatusNotSatisfied)
        }
        guard length <= configuration.maximumResponseDataLength else {
            return ResponseAPDU(statusWord: .wrongLength)
        }
        let content = content(of: file)
        guard offset < content.count else {
            guard let allowed = configuration.quirks.emptyReadsPastEnd, emptyReads < allowed
            else { return ResponseAPDU(statusWord: .wrongP1P2) }
            emptyReads += 1
            return ResponseAPDU(statusWord: .ok)
        }
        guard offset + length <= content.count else {
            guard configuration.quirks.answersShortReads else {
                return ResponseAPDU(statusWord: .wrongLength)
            }
            return ResponseAPDU(data: Array(content[offset...]), statusWord: .ok)
        }
        return ResponseAPDU(data: Array(content[offset..<offset + length]), statusWord: .ok)
    }

    /// READ BINARY B1: as many file bytes as fit in `length` once wrapped in a `53` data
    /// object, which Le counts too.
    mutating func readBinaryWrapped(offset: Int, length: Int) -> ResponseAPDU {
        let count = Type4Tag.discretionaryDataCapacity(length)
        guard count > 0, length <= configuration.maximumResponseDataLength else {
            return ResponseAPDU(statusWord: .wrongLength)
        }
        var answer = readBinary(offset: offset, length: count)
        if answer.statusWord == .ok {
            answer.data = Type4Tag.discretionaryDataObject(answer.data)
        }
        return answer
    }

    /// UPDATE BINARY (D6 or D7): `data` into the NDEF file at `offset` after the access, MLc
    /// (on the whole command data field) and bounds checks; the write is recorded.
    mutating func updateBinary(offset: Int, data: [UInt8], commandDataLength: Int)
        -> ResponseAPDU
    {
        guard case .file(let file) = selection else {
            return ResponseAPDU(statusWord: .commandNotAllowed)
        }
        guard file == .ndef, configuration.capabilityContainer.isWritable else {
            return ResponseAPDU(statusWord: .securityStatusNotSatisfied)
        }
        // A D7 may wrap zero bytes in its 53 object; there is nothing to write.
        guard !data.isEmpty else { return ResponseAPDU(statusWord: .wrongLength) }
        guard commandDataLength <= configuration.maximumCommandDataLength else {
            return ResponseAPDU(statusWord: .wrongLength)
        }
        guard offset < ndefFile.count else { return ResponseAPDU(statusWord: .wrongP1P2) }
        let write = TagWrite(offset: offset, bytes: data)
        guard write.range.upperBound <= ndefFile.count else {
            return ResponseAPDU(statusWord: .wrongLength)
        }
        ndefFile.replaceSubrange(write.range, with: data)
        writes.append(write)
        return ResponseAPDU(statusWord: .ok)
    }
}
