import TagFormat

extension Type4TagApplication {
    /// SELECT with P2 00 (mapping 1.0, FCI) or 0C (no response data): both select, and the
    /// answer carries no data either way.
    mutating func select(
        p2: UInt8, _ body: (inout Type4TagApplication) -> ResponseAPDU
    ) -> ResponseAPDU {
        guard [Type4Tag.selectFirstOrOnly, Type4Tag.selectNoResponseData].contains(p2) else {
            return ResponseAPDU(statusWord: .incorrectP1P2)
        }
        return body(&self)
    }

    /// SELECT by name: the NDEF application, under the names the configuration answers, unless
    /// the quirks refuse a SELECT that carries Le (or one that does not).
    mutating func selectApplication(_ name: [UInt8], carriesLe: Bool) -> ResponseAPDU {
        guard !name.isEmpty else { return ResponseAPDU(statusWord: .wrongLength) }
        let known =
            configuration.answersVersion2Application && name == Type4Tag.ndefApplicationAID
            || configuration.answersVersion1Application
                && name == Type4Tag.ndefApplicationAIDVersion1
        guard configuration.isNDEFFormatted, known else {
            return ResponseAPDU(statusWord: .fileNotFound)
        }
        if let refusal = configuration.quirks.selectRefusal(carryingLe: carriesLe) {
            return ResponseAPDU(statusWord: refusal)
        }
        selection = .application
        return ResponseAPDU(statusWord: .ok)
    }

    /// SELECT by file ID: the CC or the NDEF file (unless the quirks make it missing), inside
    /// the application only.
    mutating func selectFile(_ fileID: UInt16) -> ResponseAPDU {
        guard selection != .none else { return ResponseAPDU(statusWord: .fileNotFound) }
        switch fileID {
        case Type4Tag.capabilityContainerFileID:
            selection = .file(.capabilityContainer)
        case configuration.capabilityContainer.ndefFileControl.fileID
        where !configuration.quirks.ndefFileMissing:
            selection = .file(.ndef)
        default:
            return ResponseAPDU(statusWord: .fileNotFound)
        }
        return ResponseAPDU(statusWord: .ok)
    }
}
