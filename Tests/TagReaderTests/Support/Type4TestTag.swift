import NFCRigTestSupport
import PN533Sim
import TagFormat

/// An NFC Forum Type 4 Tag in software: the NDEF application with its CC and NDEF files,
/// answering SELECT, READ BINARY (B0/B1) and UPDATE BINARY (D6/D7) as the T4T specification
/// says, and checking the reader's Le against MLe and Lc against MLc. It can be told to
/// leave the field after a number of APDUs, to tear a read or a write at any point.
final class Type4TestTag: Sendable {
    enum SelectedFile: Sendable, Hashable {
        case capabilityContainer
        case ndef
    }

    struct State {
        var framing = ISODEPCardFraming()
        var cc: [UInt8]
        var ndefFile: [UInt8]
        var hasNDEFApplication = true
        var answersVersion2Name = true
        var ccWritable = false
        var applicationSelected = false
        var selected: SelectedFile?
        var apdus: [CommandAPDU] = []
        var departure = Departure()
    }

    let identity: TypeAIdentity
    private let state: Locked<State>

    /// A tag with `capabilityContainer` and an NDEF file holding `message`.
    init(
        capabilityContainer: CapabilityContainer, message: [UInt8],
        uid: [UInt8] = [0x08, 0x4A, 0x11, 0x22]
    ) throws {
        identity = try TypeAIdentity(uid: uid, sensRes: [0x00, 0x04], selRes: 0x20)
        let control = capabilityContainer.ndefFileControl
        let file = try control.lengthField.file(
            containing: message, maximumFileSize: Int(control.maximumFileSize))
        state = Locked(State(cc: try capabilityContainer.encoded(), ndefFile: file))
    }

    /// A mapping 2.0 tag (3.0 with `enlen`) whose file holds `fileSize` bytes.
    convenience init(
        message: [UInt8], fileSize: Int = 1024, version: UInt8 = CapabilityContainer.version2,
        mle: UInt16 = 0x00FF, mlc: UInt16 = 0x00FF, lengthField: NDEFFileLength = .nlen,
        writeAccess: UInt8 = NDEFFileControl.accessGranted, uid: [UInt8] = [0x08, 0x4A, 0x11, 0x22]
    ) throws {
        try self.init(
            capabilityContainer: CapabilityContainer(
                mappingVersion: version, maximumResponseDataLength: mle,
                maximumCommandDataLength: mlc,
                ndefFileControl: NDEFFileControl(
                    maximumFileSize: UInt32(fileSize), writeAccess: writeAccess,
                    lengthField: lengthField)),
            message: message, uid: uid)
    }

    func softwareTag(clock: SimulationClock) -> SoftwareTag {
        SoftwareTag(identity: identity) { [self] frame in answer(frame) }
    }

    // MARK: - What tests look at and change

    var ndefFile: [UInt8] { state.withLock { $0.ndefFile } }
    var capabilityContainer: [UInt8] { state.withLock { $0.cc } }
    var apdus: [CommandAPDU] { state.withLock { $0.apdus } }

    /// The message the file holds now, by its length field.
    var storedMessage: [UInt8] {
        state.withLock { state in
            let field: NDEFFileLength = state.cc[7] == 0x06 ? .enlen : .nlen
            let length = (try? field.decode(state.ndefFile)) ?? 0
            return Array(
                state.ndefFile[field.size..<min(field.size + length, state.ndefFile.count)])
        }
    }

    func change(_ body: (inout State) -> Void) { state.withLock { body(&$0) } }

    /// Answers `count` more APDUs, then leaves: silent from the next one on (which it still
    /// carries out when `applyingTheLast`, as a card torn away while answering would).
    func leave(afterAPDUs count: Int, applyingTheLast: Bool = false) {
        state.withLock { $0.departure.schedule(after: count, carryingOutTheLast: applyingTheLast) }
    }

    /// Carries out one command APDU without the air in between, for an in-memory link.
    func respond(to apdu: [UInt8]) -> [UInt8] {
        state.withLock { Self.process(apdu, &$0) }
    }

    // MARK: - The card

    private func answer(_ frame: AirFrame) -> AirFrame? {
        state.withLock { state in
            guard !state.departure.gone, let block = frame.payloadCheckingCRC else { return nil }
            switch state.framing.receive(block) {
            case .silent: return nil
            case .answer(let bytes): return .withCRC(bytes)
            case .apdu(let bytes, let number):
                switch state.departure.next() {
                case .answer:
                    let response = Self.process(bytes, &state)
                    return .withCRC(state.framing.respond(response, blockNumber: number))
                case .carryOutSilently: _ = Self.process(bytes, &state)
                case .ignore: break
                }
                return nil
            }
        }
    }

    private static func process(_ bytes: [UInt8], _ state: inout State) -> [UInt8] {
        guard let apdu = try? CommandAPDU(decoding: bytes) else {
            return StatusWord.wrongLength.bytes
        }
        state.apdus.append(apdu)
        let command: Type4Command
        do throws(Type4CommandError) {
            command = try Type4Command(apdu)
        } catch {
            return error.statusWord.bytes
        }
        switch command {
        case .selectApplication(let aid): return selectApplication(aid, &state).bytes
        case .selectFile(let fileID): return selectFile(fileID, &state).bytes
        case .readBinary(let offset, let length):
            return read(offset: offset, count: length, wrapped: false, &state)
        case .readBinaryODO(let offset, let length):
            return read(offset: offset, count: length, wrapped: true, &state)
        case .updateBinary(let offset, let data), .updateBinaryODO(let offset, let data):
            return update(offset: offset, data: data, lc: apdu.data.count, &state).bytes
        }
    }

    private static func selectApplication(_ aid: [UInt8], _ state: inout State) -> StatusWord {
        state.applicationSelected = false
        state.selected = nil
        let version2 = aid == Type4Tag.ndefApplicationAID
        let version1 = aid == Type4Tag.ndefApplicationAIDVersion1
        guard state.hasNDEFApplication,
            version2 && state.answersVersion2Name || version1 && !state.answersVersion2Name
        else { return .fileNotFound }
        state.applicationSelected = true
        return .ok
    }

    private static func selectFile(_ fileID: UInt16, _ state: inout State) -> StatusWord {
        guard state.applicationSelected else { return .fileNotFound }
        let ndefFileID = UInt16(state.cc[9]) << 8 | UInt16(state.cc[10])
        switch fileID {
        case Type4Tag.capabilityContainerFileID: state.selected = .capabilityContainer
        case ndefFileID: state.selected = .ndef
        default: return .fileNotFound
        }
        return .ok
    }

    /// `count` is Ne, which for B1 also counts the `53 len` wrapping.
    private static func read(offset: Int, count: Int, wrapped: Bool, _ state: inout State)
        -> [UInt8]
    {
        guard let selected = state.selected else { return StatusWord.commandNotAllowed.bytes }
        guard count <= maximum(state.cc, at: 3) || selected != .ndef else {
            return StatusWord.wrongLength.bytes
        }
        let file = selected == .ndef ? state.ndefFile : state.cc
        guard offset < file.count else { return StatusWord.wrongP1P2.bytes }
        let wanted = wrapped ? count - 1 - Type4Tag.berLength(count - 2).count : count
        let data = Array(file[offset..<min(offset + wanted, file.count)])
        let body = wrapped ? Type4Tag.discretionaryDataObject(data) : data
        return body + StatusWord.ok.bytes
    }

    private static func update(offset: Int, data: [UInt8], lc: Int, _ state: inout State)
        -> StatusWord
    {
        guard let selected = state.selected else { return .commandNotAllowed }
        guard lc <= maximum(state.cc, at: 5) || selected != .ndef else { return .wrongLength }
        switch selected {
        case .capabilityContainer:
            guard state.ccWritable else { return .securityStatusNotSatisfied }
            guard offset + data.count <= state.cc.count else { return .wrongP1P2 }
            state.cc.replaceSubrange(offset..<offset + data.count, with: data)
        case .ndef:
            let writeAccess = state.cc[state.cc[7] == 0x06 ? 16 : 14]
            guard writeAccess == 0x00 else { return .securityStatusNotSatisfied }
            guard offset + data.count <= state.ndefFile.count else { return .wrongP1P2 }
            state.ndefFile.replaceSubrange(offset..<offset + data.count, with: data)
        }
        return .ok
    }

    private static func maximum(_ cc: [UInt8], at offset: Int) -> Int {
        Int(cc[offset]) << 8 | Int(cc[offset + 1])
    }
}

extension StatusWord {
    var bytes: [UInt8] { [sw1, sw2] }
}
