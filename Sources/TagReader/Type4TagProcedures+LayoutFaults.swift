import TagFormat

/// Where the `Type4LayoutFaults` change the Type 4 procedures: each helper gives the good
/// reader's answer unless its fault is on.
extension Type4TagProcedures {
    /// What `ignores-mle` and `ignores-mlc` use in place of MLe and MLc: the most a short Le
    /// (FF) or Lc asks without thinking about it.
    static let faultyLimit = 255

    /// Whether the NDEF file may be read: its read access is 00; with
    /// `write-access-as-read-access` the write access byte is taken for it, and with
    /// `ignores-read-access` every file is.
    func isReadable(_ cc: CapabilityContainer) -> Bool {
        layoutFaults.contains(.ignoresReadAccess)
            || readAccess(cc) == NDEFFileControl.accessGranted
    }

    /// The read access byte as the reader takes it from the NDEF File Control TLV.
    func readAccess(_ cc: CapabilityContainer) -> UInt8 {
        let control = cc.ndefFileControl
        return layoutFaults.contains(.writeAccessAsReadAccess)
            ? control.writeAccess : control.readAccess
    }

    /// The NDEF file to SELECT: the one the CC names, or E104 with `assumes-ndef-file-e104`.
    func ndefFileID(_ cc: CapabilityContainer) -> UInt16 {
        layoutFaults.contains(.assumesNDEFFileE104)
            ? NDEFFileControl.defaultFileID : cc.ndefFileControl.fileID
    }

    /// `ignores-cclen`: the CC as read, with CCLEN replaced by the bytes that were read, so
    /// the decoder never sees the CCLEN the tag announced.
    func withUsableCCLength(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 2 else { return bytes }
        var usable = bytes
        usable[0] = UInt8(truncatingIfNeeded: bytes.count >> 8)
        usable[1] = UInt8(truncatingIfNeeded: bytes.count)
        return usable
    }

    /// `exact-mapping-version`: a CC whose version byte is not exactly 1.0, 2.0 or 3.0 is
    /// refused as though its major version were unknown.
    func checkedMappingVersion(_ cc: CapabilityContainer) throws(CapabilityContainerError)
        -> CapabilityContainer
    {
        let exact: Set<UInt8> = [0x10, CapabilityContainer.version2, CapabilityContainer.version3]
        guard layoutFaults.contains(.exactMappingVersion), !exact.contains(cc.mappingVersion)
        else { return cc }
        throw .unsupportedMappingVersion(offset: 2, version: cc.mappingVersion)
    }

    /// The message of `length` bytes after the length `field`: read whole; with
    /// `reads-past-zero-length` a length of 0 reads a whole piece of MLe bytes instead; with
    /// `partial-message-on-error` a failing READ BINARY ends the read with what came so far.
    func readMessage(_ length: Int, after field: NDEFFileLength, _ file: Type4NDEFFile)
        async throws(NFCReaderError) -> [UInt8]
    {
        let limit = readLimit(file)
        if length == 0, layoutFaults.contains(.readsPastZeroLength) {
            return try await read(offset: field.size, count: limit, limit: limit)
        }
        guard layoutFaults.contains(.partialMessageOnError) else {
            return try await read(offset: field.size, count: length, limit: limit)
        }
        var message: [UInt8] = []
        while message.count < length {
            let piece = min(limit, length - message.count)
            do throws(NFCReaderError) {
                message += try await read(
                    offset: field.size + message.count, count: piece, limit: limit)
            } catch {
                break
            }
        }
        return message
    }

    /// `cc-read-by-cclen`: the CC read as nfcpy 1.0.4 reads it (tt4.py `_discover_ndef`):
    /// READ BINARY of CCLEN's 2 bytes, then of min(CCLEN - 2, 15) bytes from offset 2, each
    /// taking whatever the tag answers with 9000. A read refused, or fewer than 13 bytes
    /// after CCLEN, is a CC too short to use; CCLEN is never checked.
    func ccReadByCCLength() async throws(NFCReaderError)
        -> Result<[UInt8], CapabilityContainerError>
    {
        let head = try await readTakingWhatComes(offset: 0, length: 2)
        guard head.count == 2 else {
            return .failure(.truncated(offset: 0, needed: 2, available: head.count))
        }
        let ccLength = Int(head[0]) << 8 | Int(head[1])
        let wanted = min(max(ccLength - 2, 0), CapabilityContainer.mandatoryLength)
        let needed = CapabilityContainer.mandatoryLength - 2
        let rest = wanted > 0 ? try await readTakingWhatComes(offset: 2, length: wanted) : []
        guard rest.count >= needed else {
            return .failure(.truncated(offset: 2, needed: needed, available: rest.count))
        }
        return .success(head + rest)
    }

    /// One READ BINARY's data when the tag answers 9000, however many bytes; none otherwise.
    private func readTakingWhatComes(offset: Int, length: Int) async throws(NFCReaderError)
        -> [UInt8]
    {
        let command = try buildCommand { () throws(APDUError) in
            try Type4Tag.readBinary(offset: offset, length: length)
        }
        let answer = try await send(command)
        return answer.statusWord == .ok ? answer.data : []
    }
}
