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
/// - Unsupported P1-P2 combinations answer 6B00; malformed offset or data objects of the
///   mapping 3.0 commands B1/D7 answer 6A80 (ISO/IEC 7816-4's "incorrect data field").
/// - Length fields that do not add up answer 6700, an unknown class 6E00, an unknown
///   instruction 6D00 (B1/D7 too before mapping 3.0).
///
/// The NDEF file is kept as bytes, exactly `maximumFileSize` long: whatever a reader writes
/// stays there, including a torn write's half-updated length and message.
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

    /// A tag whose NDEF file holds `message` (an encoded NDEF message; empty for NLEN 0).
    public init(configuration: Type4TagConfiguration, message: [UInt8] = [])
        throws(TagEmulationError)
    {
        let file: [UInt8]
        do {
            file = try configuration.lengthField.file(
                containing: message, maximumFileSize: configuration.maximumFileSize)
        } catch {
            throw .ndefFile(error)
        }
        try self.init(configuration: configuration, ndefFile: file)
    }

    /// A tag whose NDEF file holds exactly `ndefFile` (any bytes, a torn state included),
    /// padded with zeros to the maximum file size.
    public init(configuration: Type4TagConfiguration, ndefFile: [UInt8])
        throws(TagEmulationError)
    {
        let size = configuration.maximumFileSize
        guard ndefFile.count <= size else {
            throw .ndefFileTooLong(length: ndefFile.count, maximumFileSize: size)
        }
        do {
            capabilityContainerFile = try configuration.capabilityContainer.encoded()
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
        if apdu.count >= 2 {
            if apdu[0] != 0x00 { return ResponseAPDU(statusWord: .claNotSupported).encoded() }
            if instruction(apdu[1]) == nil {
                return ResponseAPDU(statusWord: .insNotSupported).encoded()
            }
        }
        guard let command = try? CommandAPDU(decoding: apdu) else {
            return ResponseAPDU(statusWord: .wrongLength).encoded()
        }
        return respond(to: command).encoded()
    }

    /// The answer to one decoded command APDU.
    public mutating func respond(to command: CommandAPDU) -> ResponseAPDU {
        guard command.cla == 0x00 else { return ResponseAPDU(statusWord: .claNotSupported) }
        switch instruction(command.ins) {
        case .select: return select(command)
        case .readBinary: return readBinary(command)
        case .updateBinary: return updateBinary(command)
        case .readBinaryODO: return readBinaryWithOffsetObject(command)
        case .updateBinaryODO: return updateBinaryWithOffsetObject(command)
        case nil: return ResponseAPDU(statusWord: .insNotSupported)
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

    /// The instructions this tag's mapping version knows.
    private func instruction(_ ins: UInt8) -> Type4Tag.Instruction? {
        guard let instruction = Type4Tag.Instruction(rawValue: ins) else { return nil }
        switch instruction {
        case .readBinaryODO, .updateBinaryODO:
            return configuration.capabilityContainer.majorVersion >= 3 ? instruction : nil
        case .select, .readBinary, .updateBinary:
            return instruction
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
