import ISODEP
import TagFormat

/// The NFC Forum Type 4 Tag NDEF procedures (T4T operation 2.0 and 3.0, DESIGN §4) over any
/// `APDUTransceiver`: detection, reads in pieces of at most MLe, tearing-safe writes in pieces
/// of at most MLc, and the transition to read-only.
///
/// Offsets up to 7FFF go in P1-P2 (B0/D6); beyond, which only mapping 3.0 files reach, the
/// offset travels in a `54` data object (B1/D7). Every APDU is short: MLe and MLc above 256
/// and 255 are used up to those, so a tag need not take extended lengths.
public struct Type4TagProcedures: NDEFTagProcedures {
    /// The link to the card's ISO-DEP layer.
    public let transceiver: any APDUTransceiver
    /// Deliberate faults (`--dut-fault`); none by default.
    public let faults: Type4ReaderFaults
    /// Deliberate faults of the NDEF read and write (`--dut-fault`); none by default.
    public let ndefFaults: NDEFReaderFaults
    /// Deliberate faults of the layout procedures (`--dut-fault`); none by default.
    public var layoutFaults: Type4LayoutFaults = []
    /// The most bytes one READ BINARY of the NDEF file asks for, when less than MLe (a
    /// reader's own choice, `ReaderFaults.readSize`); nil: MLe.
    public var readSize: Int?

    /// Procedures over `transceiver`, with `faults` and `ndefFaults`.
    public init(
        transceiver: any APDUTransceiver, faults: Type4ReaderFaults = [],
        ndefFaults: NDEFReaderFaults = []
    ) {
        self.transceiver = transceiver
        self.faults = faults
        self.ndefFaults = ndefFaults
    }

    /// NDEF detection: SELECT the NDEF application (the 2.0 name with Le, the 1.0 name without
    /// after 6A82), SELECT and READ the CC file, SELECT the NDEF file, which stays selected.
    ///
    /// A CC the reader cannot use makes the tag not NDEF: one that breaks a rule (CCLEN out of
    /// 000F...FFFE, MLe below 000F, a reserved file ID), and one of a major mapping version
    /// above 3, which a reader of 3.0 does not know. A higher minor version is read as the
    /// major version's layout. Write access 80...FE (proprietary) is NDEF, read-only to this
    /// reader, which has no proprietary means to write.
    public func detectNDEF() async throws(NFCReaderError) -> NDEFDetection<Type4NDEFFile> {
        var version1 = false
        var answer = try await send(
            faults.contains(.selectWithoutLe)
                ? Self.selectNDEFApplicationWithoutLe : Type4Tag.selectNDEFApplication())
        if answer.statusWord == .fileNotFound, !layoutFaults.contains(.noVersion1Fallback) {
            version1 = true
            answer = try await send(Type4Tag.selectNDEFApplicationVersion1())
        }
        guard answer.statusWord == .ok else {
            return .notSupported(.noNDEFApplication(answer.statusWord))
        }
        answer = try await send(Type4Tag.selectCapabilityContainer(mappingVersion1: version1))
        guard answer.statusWord == .ok else {
            return .notSupported(.noCapabilityContainer(answer.statusWord))
        }
        let ccBytes: [UInt8]
        if layoutFaults.contains(.ccReadByCCLength) {
            switch try await ccReadByCCLength() {
            case .success(let bytes): ccBytes = bytes
            case .failure(let error): return .notSupported(.invalidCapabilityContainer(error))
            }
        } else {
            ccBytes = try await readCapabilityContainer()
        }
        let cc: CapabilityContainer
        do throws(CapabilityContainerError) {
            cc = try decodeCapabilityContainer(ccBytes)
        } catch {
            return .notSupported(.invalidCapabilityContainer(error))
        }
        let writeAccess = cc.ndefFileControl.writeAccess
        if faults.contains(.rejectsProprietaryAccess), (0x80...0xFE).contains(writeAccess) {
            return .notSupported(.writeAccessNotUnderstood(writeAccess))
        }
        guard isReadable(cc) else {
            return .notSupported(.ndefFileNotReadable(readAccess: readAccess(cc)))
        }
        let fileID = ndefFileID(cc)
        answer = try await send(Type4Tag.selectFile(fileID, mappingVersion1: version1))
        guard answer.statusWord == .ok || layoutFaults.contains(.ignoresNDEFSelectStatus) else {
            return .notSupported(.noNDEFFile(fileID: fileID, answer.statusWord))
        }
        return .ndef(Type4NDEFFile(capabilityContainer: cc, selectedByVersion1Name: version1))
    }

    public func queryNDEFStatus() async throws(NFCReaderError) -> (
        status: NFCNDEFStatus, capacity: Int
    ) {
        switch try await detectNDEF() {
        case .ndef(let file): (isWritable(file) ? .readWrite : .readOnly, capacity(file))
        case .notSupported(.noNDEFApplication) where ndefFaults.contains(.unformattedAsEmpty):
            (.readWrite, 0)
        case .notSupported: (.notSupported, 0)
        }
    }

    /// Detection, then NLEN (ENLEN), then the message in pieces of at most MLe.
    public func readNDEF() async throws(NFCReaderError) -> [UInt8] {
        let detection = try await detectNDEF()
        if case .notSupported(.noNDEFApplication) = detection,
            ndefFaults.contains(.unformattedAsEmpty)
        {
            return []
        }
        let file = try detection.layout()
        let field = file.lengthField
        let head = try await read(offset: 0, count: field.size, limit: readLimit(file))
        let length: Int
        do throws(NDEFFileError) {
            length = try field.decode(head)
        } catch {
            throw .tagResponseError(.ndefFile(error))
        }
        // A length past the file is a broken tag: reading it would ask for bytes the file
        // does not have (the fault trusts it all the same).
        guard length <= file.capacity || faults.contains(.readsPastFile) else {
            throw .tagResponseError(
                .ndefFile(
                    .lengthExceedsCapacity(offset: 0, length: length, capacity: file.capacity)))
        }
        // The fault: the message's end taken one byte early.
        let count = ndefFaults.contains(.nlenOffByOne) ? max(0, length - 1) : length
        return try await readMessage(count, after: field, file)
    }

    /// Detection, the refusals, then the update. Tearing-safe order: NLEN (ENLEN) set to 0,
    /// the message from offset 2 (4) in pieces of at most MLc, the length last.
    public func writeNDEF(_ message: [UInt8], order: NDEFWriteOrder) async throws(NFCReaderError) {
        let detection = try await detectNDEF()
        if case .notSupported(.noNDEFApplication) = detection,
            ndefFaults.contains(.writesUnformatted)
        {
            try await writeBlindly()
        }
        let file = try detection.layout()
        let control = file.capabilityContainer.ndefFileControl
        guard isWritable(file) else { throw .tagNotWritable(.writeAccess(control.writeAccess)) }
        guard message.count <= capacity(file) else {
            throw .tagSizeTooSmall(messageLength: message.count, capacity: capacity(file))
        }
        let field = file.lengthField
        let length: [UInt8]
        do throws(NDEFFileError) {
            length = try field.encode(message.count)
        } catch {
            throw .tagUpdateFailure(.ndefFile(error))
        }
        switch order {
        case .tearingSafe:
            try await update(offset: 0, data: [UInt8](repeating: 0, count: field.size), file)
            try await update(offset: field.size, data: message, file)
            // The fault: the length that makes the new message the tag's is never written.
            if ndefFaults.contains(.skipsLengthWrite) { return }
            try await update(offset: 0, data: length, file)
        case .lengthFirst:
            try await update(offset: 0, data: length + message, file)
        }
    }

    /// Sets the NDEF file's write access byte in the CC to FF with UPDATE BINARY and reads the
    /// CC back. The T4T specification defines no lock command: a tag that protects its CC
    /// (most do) refuses, which is reported as `tagNotWritable`.
    public func writeLock() async throws(NFCReaderError) {
        let file = try await detectNDEF().layout()
        let control = file.capabilityContainer.ndefFileControl
        guard control.isWritable else { throw .tagNotWritable(.writeAccess(control.writeAccess)) }
        let version1 = file.selectedByVersion1Name
        var answer = try await send(Type4Tag.selectCapabilityContainer(mappingVersion1: version1))
        guard answer.statusWord == .ok else {
            throw .tagNotWritable(.lockRefused(answer.statusWord))
        }
        let command = try buildCommand { () throws(APDUError) in
            try Type4Tag.updateBinary(
                offset: file.writeAccessOffset, data: [NDEFFileControl.accessDenied])
        }
        answer = try await send(command)
        guard answer.statusWord == .ok else {
            throw .tagNotWritable(.lockRefused(answer.statusWord))
        }
        let ccBytes = try await readCapabilityContainer()
        let locked: NDEFFileControl
        do throws(CapabilityContainerError) {
            locked = try CapabilityContainer(decoding: ccBytes).ndefFileControl
        } catch {
            throw .ndefNotSupported(.invalidCapabilityContainer(error))
        }
        guard locked.isReadOnly else {
            throw .tagNotWritable(.lockNotApplied(writeAccess: locked.writeAccess))
        }
    }

    /// Whether the reader takes the file for writable: its write access 00, or, with
    /// `ignores-write-access`, always.
    func isWritable(_ file: Type4NDEFFile) -> Bool {
        file.status == .readWrite || ndefFaults.contains(.ignoresWriteAccess)
    }

    /// The capacity the reader reports and writes by: the file's size less NLEN (ENLEN), or,
    /// with `capacity-includes-length-field`, the whole file.
    func capacity(_ file: Type4NDEFFile) -> Int {
        guard ndefFaults.contains(.capacityIncludesLengthField) else { return file.capacity }
        return file.capacity + file.lengthField.size
    }

    /// The most bytes one READ BINARY asks for: MLe (at most 256), or, with `ignores-mle-mlc`,
    /// 256 (Le 00) whatever the CC says; no more than `readSize` when that is set.
    func readLimit(_ file: Type4NDEFFile) -> Int {
        let limit = ndefFaults.contains(.ignoresMLeMLc) ? 256 : file.readLimit
        return min(limit, max(readSize ?? limit, 1))
    }

    /// The most bytes one UPDATE BINARY carries: MLc (at most 255), or, with
    /// `ignores-mle-mlc`, 255 whatever the CC says.
    func writeLimit(_ file: Type4NDEFFile) -> Int {
        ndefFaults.contains(.ignoresMLeMLc) ? 255 : file.writeLimit
    }

    // MARK: - File access

    /// `00 A4 04 00 07 D2760000850101`: the 2.0 name without its Le (`select-without-le`).
    static let selectNDEFApplicationWithoutLe = try! CommandAPDU(
        ins: Type4Tag.Instruction.select.rawValue, p1: Type4Tag.selectByName,
        p2: Type4Tag.selectFirstOrOnly, data: Type4Tag.ndefApplicationAID)

    /// The CC file: its 15 mandatory bytes in one short READ BINARY (MLe, which would allow
    /// more, is among them: T4T TS 1.2 §5.3.1 as openwallet-foundation/multipaz#166 quotes
    /// it), then the rest up to a valid CCLEN (000F...FFFE) in pieces of at most MLe. A CCLEN
    /// outside that range is not read further: the decoder refuses it.
    private func readCapabilityContainer() async throws(NFCReaderError) -> [UInt8] {
        let minimum = CapabilityContainer.mandatoryLength
        var bytes: [UInt8]
        if faults.contains(.extendedCCRead) {
            let command = try buildCommand { () throws(APDUError) in
                try CommandAPDU(
                    ins: Type4Tag.Instruction.readBinary.rawValue, p1: 0, p2: 0, le: minimum,
                    forcesExtendedLength: true)
            }
            bytes = try await expectData(command, count: minimum)
        } else {
            bytes = try await read(offset: 0, count: minimum, limit: minimum)
        }
        var ccLength = Int(bytes[0]) << 8 | Int(bytes[1])
        if faults.contains(.hardcodedCCSize) {
            let endef =
                bytes[CapabilityContainer.fileControlOffset] == NDEFFileControl.extendedNDEFTag
            ccLength = endef ? minimum + 2 : minimum
        }
        if ccLength > minimum, ccLength < CapabilityContainer.reservedCCLength {
            let mle = Int(bytes[3]) << 8 | Int(bytes[4])
            let limit = min(max(mle, minimum), 256)
            bytes += try await read(offset: minimum, count: ccLength - minimum, limit: limit)
        }
        return bytes
    }

    /// The CC; with `accepts-unknown-mapping`, an unknown major version is taken for 2.0
    /// (3.0 when the file control TLV is an ENDEF one).
    private func decodeCapabilityContainer(_ read: [UInt8]) throws(CapabilityContainerError)
        -> CapabilityContainer
    {
        let bytes =
            layoutFaults.contains(.ignoresCCLength) || layoutFaults.contains(.ccReadByCCLength)
            ? withUsableCCLength(read) : read
        do {
            return try checkedMappingVersion(CapabilityContainer(decoding: bytes))
        } catch .unsupportedMappingVersion(let offset, _)
            where faults.contains(.acceptsUnknownMapping) && bytes.count > 7
        {
            var known = bytes
            known[offset] =
                bytes[CapabilityContainer.fileControlOffset] == NDEFFileControl.extendedNDEFTag
                ? CapabilityContainer.version3 : CapabilityContainer.version2
            return try CapabilityContainer(decoding: known)
        }
    }

    /// `count` bytes of the selected file from `offset`, at most `limit` per READ BINARY.
    func read(offset: Int, count: Int, limit: Int) async throws(NFCReaderError) -> [UInt8] {
        let limit = layoutFaults.contains(.ignoresMLe) ? Self.faultyLimit : limit
        var data: [UInt8] = []
        data.reserveCapacity(count)
        while data.count < count {
            let position = offset + data.count
            let wanted = count - data.count
            if position <= Type4Tag.maximumShortOffset
                || layoutFaults.contains(.noOffsetDataObject)
            {
                let piece = min(wanted, limit)
                let command = try buildCommand { () throws(APDUError) in
                    try Type4Tag.readBinary(offset: position, length: piece)
                }
                // The faults: a short answer taken for the file's end, or taken as it comes
                // and the read gone on with from where it ended, even when it held nothing.
                let shortEnds = layoutFaults.contains(.shortAnswerEndsRead)
                let loops = layoutFaults.contains(.loopsOnEmptyRead)
                let answer = try await expectData(
                    command, count: piece, orFewer: shortEnds || loops)
                data += answer
                if answer.count < piece, !loops { break }
            } else {
                // The answer is wrapped in `53 len`, which Le counts too.
                let piece = min(wanted, limit <= 129 ? limit - 2 : limit - 3)
                let wrapped = 1 + Type4Tag.berLength(piece).count + piece
                let command = try buildCommand { () throws(APDUError) in
                    try Type4Tag.readBinaryODO(offset: position, length: wrapped)
                }
                let answer = try await expectData(command, count: wrapped)
                do throws(Type4CommandError) {
                    data += try Type4Tag.discretionaryData(in: answer, at: 0)
                } catch {
                    throw .tagResponseError(.malformedDataObject(bytes: answer, command: command))
                }
            }
        }
        return data
    }

    /// Writes `data` at `offset` of the selected file, at most MLc bytes per UPDATE BINARY.
    private func update(offset: Int, data: [UInt8], _ file: Type4NDEFFile)
        async throws(NFCReaderError)
    {
        let limit = layoutFaults.contains(.ignoresMLc) ? Self.faultyLimit : writeLimit(file)
        var written = 0
        while written < data.count {
            let position = offset + written
            let remaining = data.count - written
            let piece: Int
            let command: CommandAPDU
            if position <= Type4Tag.maximumShortOffset {
                piece = min(remaining, limit)
                let bytes = Array(data[written..<written + piece])
                command = try buildCommand { () throws(APDUError) in
                    try Type4Tag.updateBinary(offset: position, data: bytes)
                }
            } else {
                // 54 03 offset(3) 53 len: 7 bytes of wrapping, 8 once len needs 81 xx.
                piece = min(remaining, limit <= 134 ? limit - 7 : limit - 8)
                guard piece > 0 else {
                    throw .tagUpdateFailure(
                        .commandNotExpressible(.dataTooLong(count: remaining + 8)))
                }
                let bytes = Array(data[written..<written + piece])
                command = try buildCommand { () throws(APDUError) in
                    try Type4Tag.updateBinaryODO(offset: position, data: bytes)
                }
            }
            let answer = try await send(command)
            guard answer.statusWord == .ok else {
                throw .tagUpdateFailure(.statusWord(answer.statusWord, command: command))
            }
            written += piece
        }
    }

    /// Sends a READ and insists on 9000 and exactly `count` data bytes (at most `count` when
    /// `orFewer`, for the `short-answer-ends-read` fault).
    private func expectData(_ command: CommandAPDU, count: Int, orFewer: Bool = false)
        async throws(NFCReaderError) -> [UInt8]
    {
        let answer = try await send(command)
        guard answer.statusWord == .ok else {
            throw .tagResponseError(.statusWord(answer.statusWord, command: command))
        }
        guard answer.data.count == count || orFewer && answer.data.count < count else {
            throw .tagResponseError(
                .wrongLength(expected: count, received: answer.data.count, command: command))
        }
        return answer.data
    }

    func send(_ command: CommandAPDU) async throws(NFCReaderError) -> ResponseAPDU {
        try await transceiver.send(command)
    }

    /// Builds a command whose offset or length a tag's own fields chose, so it may not fit.
    func buildCommand(
        _ build: () throws(APDUError) -> CommandAPDU
    ) throws(NFCReaderError) -> CommandAPDU {
        do throws(APDUError) {
            return try build()
        } catch {
            throw .tagResponseError(.commandNotExpressible(error))
        }
    }
}
