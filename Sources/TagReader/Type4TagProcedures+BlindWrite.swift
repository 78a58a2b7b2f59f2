import TagFormat

/// The reference reader's `writes-unformatted` fault (`NDEFReaderFaults.writesUnformatted`),
/// apart from the Type 4 procedures it departs from.
extension Type4TagProcedures {
    /// The `writes-unformatted` fault: the mapping 2.0 NDEF file E104h selected and its NLEN
    /// zeroed on a tag that has no NDEF application, as if it had one. A tag without the
    /// application refuses; its refusal is the error.
    func writeBlindly() async throws(NFCReaderError) {
        // E104h: the NDEF file ID mapping 2.0 tags commonly use.
        let select = Type4Tag.selectFile(0xE104, mappingVersion1: false)
        var answer = try await send(select)
        guard answer.statusWord == .ok else {
            throw .tagUpdateFailure(.statusWord(answer.statusWord, command: select))
        }
        let update = try buildCommand { () throws(APDUError) in
            try Type4Tag.updateBinary(offset: 0, data: [0x00, 0x00])
        }
        answer = try await send(update)
        guard answer.statusWord == .ok else {
            throw .tagUpdateFailure(.statusWord(answer.statusWord, command: update))
        }
    }
}
