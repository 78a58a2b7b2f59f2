import TagFormat

extension Type4TagApplication {
    /// READ BINARY (B0): offset in P1-P2, Le bytes.
    mutating func readBinary(_ command: CommandAPDU) -> ResponseAPDU {
        guard case .file(let file) = selection else {
            return ResponseAPDU(statusWord: .commandNotAllowed)
        }
        // P1 bit 8 would name a short EF identifier, which this tag has none of.
        guard command.p1 & 0x80 == 0 else { return ResponseAPDU(statusWord: .wrongP1P2) }
        guard command.data.isEmpty, let length = command.le else {
            return ResponseAPDU(statusWord: .wrongLength)
        }
        guard length <= configuration.maximumResponseDataLength else {
            return ResponseAPDU(statusWord: .wrongLength)
        }
        return read(file, offset: Int(command.p1p2), length: length)
    }

    /// UPDATE BINARY (D6): offset in P1-P2, the data.
    mutating func updateBinary(_ command: CommandAPDU) -> ResponseAPDU {
        guard case .file(let file) = selection else {
            return ResponseAPDU(statusWord: .commandNotAllowed)
        }
        guard command.p1 & 0x80 == 0 else { return ResponseAPDU(statusWord: .wrongP1P2) }
        guard !command.data.isEmpty else { return ResponseAPDU(statusWord: .wrongLength) }
        return update(
            file, offset: Int(command.p1p2), bytes: command.data,
            commandDataLength: command.data.count)
    }

    /// `length` bytes of `file` from `offset`, after the access and bounds checks.
    func read(_ file: Type4TagFile, offset: Int, length: Int) -> ResponseAPDU {
        if file == .ndef, !configuration.capabilityContainer.isReadable {
            return ResponseAPDU(statusWord: .securityStatusNotSatisfied)
        }
        let content = content(of: file)
        guard offset < content.count else { return ResponseAPDU(statusWord: .wrongP1P2) }
        guard offset + length <= content.count else {
            return ResponseAPDU(statusWord: .wrongLength)
        }
        return ResponseAPDU(data: Array(content[offset..<offset + length]), statusWord: .ok)
    }

    /// Writes `bytes` into `file` at `offset` after the access, MLc and bounds checks, and
    /// records the write.
    mutating func update(
        _ file: Type4TagFile, offset: Int, bytes: [UInt8], commandDataLength: Int
    ) -> ResponseAPDU {
        guard file == .ndef, configuration.capabilityContainer.isWritable else {
            return ResponseAPDU(statusWord: .securityStatusNotSatisfied)
        }
        guard commandDataLength <= configuration.maximumCommandDataLength else {
            return ResponseAPDU(statusWord: .wrongLength)
        }
        guard offset < ndefFile.count else { return ResponseAPDU(statusWord: .wrongP1P2) }
        let write = TagWrite(offset: offset, bytes: bytes)
        guard write.range.upperBound <= ndefFile.count else {
            return ResponseAPDU(statusWord: .wrongLength)
        }
        ndefFile.replaceSubrange(write.range, with: bytes)
        writes.append(write)
        return ResponseAPDU(statusWord: .ok)
    }
}
