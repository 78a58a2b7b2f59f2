import ISODEP
import PN533
import TagFormat

/// CoreNFC's tag reader session with ISO 7816 tags (`NFCTagReaderSession`, polling
/// `.iso14443`): an app registers application identifiers
/// (`com.apple.developer.nfc.readersession.iso7816.select-identifiers`); when the session
/// discovers an ISO/IEC 14443-4 tag it SELECTs each by name in order, and the first that
/// succeeds makes it an ISO 7816 tag (`initialSelectedAID`). Then `sendCommand(apdu:)`
/// returns the response data and SW1 SW2, whatever they say; an error means the exchange
/// itself failed, and a SELECT by name of an identifier not in the list is refused with a
/// security violation without reaching the tag. ISO-DEP (chaining, WTX) runs below, in the
/// chip or, under an ISO-DEP fault, in the host.
extension NFCReferenceReader {
    /// Selects the first of `identifiers` the connected tag answers with 9000 (CoreNFC sends
    /// `00 A4 04 00 Lc AID 00` for each in order) and keeps the session's list; nil when the
    /// tag is no ISO/IEC 14443-4 tag or selects none of them (it is then not offered as an
    /// ISO 7816 tag).
    public func selectISO7816Application(from identifiers: [ApplicationIdentifier])
        async throws(NFCReaderError) -> ISO7816TagSelection?
    {
        try await exclusively { () async throws(NFCReaderError) in
            guard !sessionInvalidated else { throw .sessionInvalidated }
            guard let tag = connectedTag else { throw .tagNotConnected }
            iso7816Session = nil
            guard tag.type == .type4, let ats = tag.target.ats else { return nil }
            let transceiver = try isoDEPTransceiver(tag)
            let faults = configuration.faults.iso7816
            let reporting = configuration.faults.iso7816Selection
            var found: ISO7816TagSelection?
            for identifier in faults.contains(.noAIDFallback)
                ? Array(identifiers.prefix(1)) : identifiers
            {
                let answer = try await transceiver.send(identifier.selectCommand)
                guard answer.statusWord == .ok else { continue }
                // Apple's applicationData is a Type B ATQB's; this reader polls type A only.
                let data = reporting.contains(.fciAsApplicationData) ? answer.data : []
                let selection = ISO7816TagSelection(
                    initialSelectedAID: identifier, identifier: tag.identifier,
                    historicalBytes: reporting.historicalBytes(
                        ats, decoded: (try? ATS(bytes: ats))?.historicalBytes ?? []),
                    applicationData: data.isEmpty ? nil : data)
                iso7816Session = ISO7816ReaderSession(
                    identifiers: identifiers, selection: selection)
                emit(.applicationSelected(identifier.bytes))
                found = selection
                guard reporting.contains(.selectsEveryAID) else { return selection }
            }
            return found
        }
    }

    /// `sendCommand(apdu:)`: sends `command` to the selected ISO 7816 tag and returns its
    /// answer, whatever the status word.
    ///
    /// - Throws: `tagNotConnected` without a selected ISO 7816 tag; `securityViolation` for
    ///   a SELECT by name outside the session's list (nothing is sent); the link's errors.
    public func sendCommand(_ command: CommandAPDU) async throws(NFCReaderError) -> ResponseAPDU {
        try await exclusively { () async throws(NFCReaderError) in
            guard !sessionInvalidated else { throw .sessionInvalidated }
            guard let session = iso7816Session, let tag = connectedTag else {
                throw .tagNotConnected
            }
            let faults = configuration.faults.iso7816
            if command.ins == Type4Tag.Instruction.select.rawValue,
                command.p1 == Type4Tag.selectByName, !faults.contains(.selectsAnyAID),
                !session.identifiers.contains(where: { $0.bytes == command.data })
            {
                throw .securityViolation(applicationIdentifier: command.data)
            }
            if command.isExtended, faults.contains(.shortAPDUsOnly) {
                throw .packetTooLong(length: command.encoded().count)
            }
            let transceiver = try isoDEPTransceiver(tag)
            let sent = faults.contains(.zeroLeAsAbsent) ? Self.withoutZeroLe(command) : command
            var answer: ResponseAPDU
            do throws(NFCReaderError) {
                answer = try await transceiver.send(sent)
            } catch {
                guard faults.contains(.staleAnswerAfterLoss), let last = session.lastAnswer else {
                    throw error
                }
                return last
            }
            if faults.contains(.automaticGetResponse) {
                answer = try await Self.gettingRest(of: answer, through: transceiver)
            }
            iso7816Session?.lastAnswer = answer
            if faults.contains(.statusWordErrors), answer.statusWord != .ok {
                throw .tagResponseError(.statusWord(answer.statusWord, command: command))
            }
            return answer
        }
    }

    /// `zero-le-as-absent`: `command` without its Le when that Le is all zeros on the wire
    /// (Ne 256 in a short command, 65 536 in an extended one); any other command as it is.
    private static func withoutZeroLe(_ command: CommandAPDU) -> CommandAPDU {
        let zeros = command.isExtended ? CommandAPDU.maximumExpectedLength : 256
        guard command.le == zeros,
            let stripped = try? CommandAPDU(
                cla: command.cla, ins: command.ins, p1: command.p1, p2: command.p2,
                data: command.data, forcesExtendedLength: command.forcesExtendedLength)
        else { return command }
        return stripped
    }

    /// `automatic-get-response`: GET RESPONSE for as long as the card answers 61XX, the
    /// parts joined under the last status word.
    private static func gettingRest(
        of first: ResponseAPDU, through transceiver: any APDUTransceiver
    ) async throws(NFCReaderError) -> ResponseAPDU {
        var answer = first
        while answer.statusWord.sw1 == 0x61 {
            let next = try await transceiver.send(
                try getResponseCommand(expecting: answer.statusWord.sw2))
            answer = ResponseAPDU(data: answer.data + next.data, statusWord: next.statusWord)
        }
        return answer
    }

    /// GET RESPONSE (`00 C0 00 00 XX`) for the XX bytes a 61XX announced (00: 256).
    private static func getResponseCommand(expecting count: UInt8) throws(NFCReaderError)
        -> CommandAPDU
    {
        do throws(APDUError) {
            return try CommandAPDU(ins: 0xC0, p1: 0, p2: 0, le: count == 0 ? 256 : Int(count))
        } catch {
            throw .tagResponseError(.commandNotExpressible(error))
        }
    }
}
