import TagFormat

extension Type4TagApplication {
    /// SELECT: by name (P1 04) the NDEF application, by file ID (P1 00) the CC or the NDEF
    /// file; P2 00 (mapping 1.0, FCI) and 0C (no response data) both select, with no data
    /// in the answer.
    mutating func select(_ command: CommandAPDU) -> ResponseAPDU {
        let p2Accepted = [Type4Tag.selectFirstOrOnly, Type4Tag.selectNoResponseData]
        guard p2Accepted.contains(command.p2) else { return ResponseAPDU(statusWord: .wrongP1P2) }
        switch command.p1 {
        case Type4Tag.selectByName: return selectApplication(command.data)
        case Type4Tag.selectByFileID: return selectFile(command.data)
        default: return ResponseAPDU(statusWord: .wrongP1P2)
        }
    }

    private mutating func selectApplication(_ name: [UInt8]) -> ResponseAPDU {
        guard !name.isEmpty else { return ResponseAPDU(statusWord: .wrongLength) }
        let known =
            configuration.answersVersion2Application && name == Type4Tag.ndefApplicationAID
            || configuration.answersVersion1Application
                && name == Type4Tag.ndefApplicationAIDVersion1
        guard configuration.isNDEFFormatted, known else {
            return ResponseAPDU(statusWord: .fileNotFound)
        }
        selection = .application
        return ResponseAPDU(statusWord: .ok)
    }

    private mutating func selectFile(_ data: [UInt8]) -> ResponseAPDU {
        guard data.count == 2 else { return ResponseAPDU(statusWord: .wrongLength) }
        guard selection != .none else { return ResponseAPDU(statusWord: .fileNotFound) }
        let fileID = UInt16(data[0]) << 8 | UInt16(data[1])
        switch fileID {
        case Type4Tag.capabilityContainerFileID:
            selection = .file(.capabilityContainer)
        case configuration.capabilityContainer.ndefFileControl.fileID:
            selection = .file(.ndef)
        default:
            return ResponseAPDU(statusWord: .fileNotFound)
        }
        return ResponseAPDU(statusWord: .ok)
    }
}
