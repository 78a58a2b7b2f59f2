import TagFormat

/// The NDEF Tag Application of an NFC Forum Type 4 Tag as a value: the state machine that
/// answers command APDUs (DESIGN §4), the CC file and the NDEF file it serves, and the
/// writes readers made.
///
/// Decisions where the T4T specification leaves a choice, each the strict one, since the
/// tag is there to catch readers that rely on leniency:
/// - SELECT by file ID before the NDEF application is selected answers 6A82: the CC and the
///   NDEF file live inside the application, so at card level there is no such file.
/// - READ/UPDATE BINARY with no file selected (also before the application) answers 6986,
///   ISO/IEC 7816-4's "command not allowed (no current EF)".
/// - A failed SELECT leaves the current selection as it was (ISO/IEC 7816-4 §7.1.1).
/// - Le `00` asks for exactly 256 bytes; asking for more than MLe, or for bytes past the end
///   of the file, answers 6700 (as ST's M24SR T4T does); an offset at or past the end 6B00.
/// - UPDATE BINARY of the CC, or of an NDEF file whose write access is not 00, answers 6982;
///   more than MLc data bytes 6700.
/// - Commands are read by `Type4Command`, whose refusals answer its status words: P1-P2 a
///   command does not allow (a SELECT P2 other than 00 or 0C too) 6A86, malformed B1/D7
///   data objects 6A80, missing Lc or Le 6700; length fields that do not add up 6700, an
///   unknown class 6E00, an unknown instruction 6D00 (B1/D7 too before mapping 3.0).
///
/// The NDEF file is kept as bytes, exactly `ndefFileSize` long (the maximum size the CC
/// announces, unless the quirks make it shorter): whatever a reader writes stays there,
/// including a torn write's half-updated length and message.
///
/// `Type4TagQuirks` make the tag depart from this where real tags do: the CC file shows
/// another CCLEN or mapping version, SELECT by name answers a status word when it carries
/// Le (or none), extended APDUs answer 6700, the NDEF file is missing (6A82) or shorter.
public struct Type4TagApplication: Sendable, Hashable {
    /// What the tag presents.
    public let configuration: Type4TagConfiguration
    /// The CC file's bytes.
    public let capabilityContainerFile: [UInt8]
    /// The NDEF file as the tag was set up, before any reader wrote to it.
    public let initialNDEFFile: [UInt8]
    /// The NDEF file now: length field, message and whatever follows.
    public internal(set) var ndefFile: [UInt8]
    /// What is selected.
    public internal(set) var selection: Type4TagSelection = .none
    /// Every UPDATE BINARY (or D7) the tag accepted, in order, offsets in the NDEF file.
    public internal(set) var writes: [TagWrite] = []
    /// How many READ BINARYs from a file's end on were answered 9000 with no data (the quirk
    /// `emptyReadsPastEnd`), over the tag's life in the field.
    public internal(set) var emptyReads = 0

    /// A tag whose NDEF file holds `message` (an encoded NDEF message; empty for NLEN 0).
    public init(configuration: Type4TagConfiguration, message: [UInt8] = [])
        throws(TagEmulationError)
    {
        let file: [UInt8]
        do {
            file = try configuration.lengthField.file(
                containing: message, maximumFileSize: configuration.ndefFileSize)
        } catch {
            throw .ndefFile(error)
        }
        try self.init(configuration: configuration, ndefFile: file)
    }

    /// A tag whose NDEF file holds exactly `ndefFile` (any bytes, a torn state included, a
    /// length field that lies), padded with zeros to the file's size.
    public init(configuration: Type4TagConfiguration, ndefFile: [UInt8])
        throws(TagEmulationError)
    {
        let size = configuration.ndefFileSize
        guard size <= configuration.maximumFileSize else {
            throw .ndefFileTooLong(length: size, maximumFileSize: configuration.maximumFileSize)
        }
        guard ndefFile.count <= size else {
            throw .ndefFileTooLong(length: ndefFile.count, maximumFileSize: size)
        }
        do {
            capabilityContainerFile = configuration.quirks.capabilityContainerFile(
                try configuration.capabilityContainer.encoded())
        } catch {
            throw .capabilityContainer(error)
        }
        self.configuration = configuration
        let file = ndefFile + repeatElement(0, count: size - ndefFile.count)
        initialNDEFFile = file
        self.ndefFile = file
    }

    /// The answer to one command APDU, as bytes: response data, SW1, SW2.
    public mutating func respond(to apdu: [UInt8]) -> [UInt8] {
        // Class and instruction are judged before the length fields, as a card's dispatcher
        // does: a proprietary command with an odd layout is still "not supported".
        if apdu.count >= 2, let refusal = refusal(cla: apdu[0], ins: apdu[1]) {
            return ResponseAPDU(statusWord: refusal).encoded()
        }
        guard let command = try? CommandAPDU(decoding: apdu) else {
            return ResponseAPDU(statusWord: .wrongLength).encoded()
        }
        return respond(to: command).encoded()
    }

    /// The answer to one decoded command APDU.
    public mutating func respond(to command: CommandAPDU) -> ResponseAPDU {
        if let refusal = refusal(cla: command.cla, ins: command.ins) {
            return ResponseAPDU(statusWord: refusal)
        }
        if command.isExtended, configuration.quirks.refusesExtendedLength {
            return ResponseAPDU(statusWord: .wrongLength)
        }
        let parsed: Type4Command
        do {
            parsed = try Type4Command(command)
        } catch {
            return ResponseAPDU(statusWord: error.statusWord)
        }
        switch parsed {
        case .selectApplication(let name):
            return select(p2: command.p2) {
                $0.selectApplication(name, carriesLe: command.le != nil)
            }
        case .selectFile(let fileID):
            return select(p2: command.p2) { $0.selectFile(fileID) }
        case .readBinary(let offset, let length):
            return readBinary(offset: offset, length: length)
        case .readBinaryODO(let offset, let length):
            return readBinaryWrapped(offset: offset, length: length)
        case .updateBinary(let offset, let data), .updateBinaryODO(let offset, let data):
            return updateBinary(offset: offset, data: data, commandDataLength: command.data.count)
        }
    }

    /// The card left the ISO-DEP state (DESELECT, field loss): nothing stays selected, the
    /// files keep their content.
    public mutating func deselect() {
        selection = .none
    }

    /// The writes so far and what the NDEF file held after each.
    public var writeHistory: WriteHistory {
        WriteHistory(
            storage: .type4File(configuration.lengthField), initialMemory: initialNDEFFile,
            writes: writes)
    }

    /// The message the NDEF file holds now, as a reader would find it.
    public var storedNDEF: StoredNDEF {
        NDEFStorage.type4File(configuration.lengthField).stored(in: ndefFile)
    }

    /// 6E00 for a class other than 00, 6D00 for an instruction this tag's mapping does not
    /// know (B1/D7 arrived with mapping 3.0); nil when the command may go on.
    private func refusal(cla: UInt8, ins: UInt8) -> StatusWord? {
        guard cla == 0x00 else { return .claNotSupported }
        switch Type4Tag.Instruction(rawValue: ins) {
        case .readBinaryODO, .updateBinaryODO:
            return configuration.capabilityContainer.majorVersion >= 3 ? nil : .insNotSupported
        case .select, .readBinary, .updateBinary:
            return nil
        case nil:
            return .insNotSupported
        }
    }

    /// The selected file's bytes.
    func content(of file: Type4TagFile) -> [UInt8] {
        switch file {
        case .capabilityContainer: capabilityContainerFile
        case .ndef: ndefFile
        }
    }
}

/// What a Type 4 Tag has selected.
public enum Type4TagSelection: Sendable, Hashable {
    /// Nothing: after activation, DESELECT or field loss.
    case none
    /// The NDEF application, no file yet.
    case application
    /// A file of the NDEF application.
    case file(Type4TagFile)
}

/// The files of the NDEF Tag Application.
public enum Type4TagFile: Sendable, Hashable {
    /// The Capability Container, E103.
    case capabilityContainer
    /// The NDEF file (ENDEF file in mapping 3.0), at the ID the CC names.
    case ndef
}
