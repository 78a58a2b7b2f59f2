import NDEF
import TagFormat

/// What a line from a DUT process means: an event, a late answer, or the response to the
/// request waited for, and what each operation's response says. `ProcessDUT` reads its
/// answers here and the `dut-line` fuzz target (issue 23) feeds it hostile lines, so both
/// read a line the same way.
extension ProcessDUTAnswer {
    /// A line as the request with id `expected` waits for it.
    enum Received {
        /// An event line (no id), by name.
        case event(String)
        /// The answer to a request before `expected`, one that timed out: dropped.
        case late
        /// The response to the request, `ok` checked.
        case response(ProcessDUTAnswer)
    }

    /// Parses `line` as an answer to the request `expected`.
    ///
    /// - Throws: `DUTError.protocolViolation` quoting the line, or the DUT's own error
    ///   (`.reader`, `.unsupported`) when it answered `"ok": false`.
    static func received(_ line: String, expecting expected: Int) throws(DUTError) -> Received {
        let answer = ProcessDUTAnswer(line: line)
        let head = try answer.decode(DUTAnswerBody.Head.self)
        if let event = head.event {
            guard head.id == nil else {
                throw .protocolViolation(line: line, reason: "an event must not carry an id")
            }
            return .event(event)
        }
        guard let id = head.id?.value else {
            throw .protocolViolation(line: line, reason: "a response needs the request's id")
        }
        if id < expected { return .late }
        guard id == expected else {
            throw .protocolViolation(
                line: line, reason: "id \(id) answers no request (expected \(expected))")
        }
        try answer.requireSuccess()
        return .response(answer)
    }

    /// The `hello` response: who the DUT is, the protocol it speaks (it must be `version`
    /// when given) and who runs ISO-DEP.
    func identity(speaking version: Int) throws(DUTError) -> DUTIdentity {
        let hello = try decode(DUTAnswerBody.Hello.self)
        if let spoken = hello.protocol?.value, spoken != version {
            throw .protocolViolation(
                line: line, reason: "the DUT speaks protocol \(spoken); nfcrig speaks \(version)")
        }
        return DUTIdentity(
            name: hello.name, firmware: hello.firmware, isoDEP: hello.isoDEP?.value,
            adapterAdds: (hello.adapterAdds ?? []).map(\.value),
            behavesAs: hello.behavesAs?.value ?? .app)
    }

    /// The `scan` response: the UIDs of the tags the DUT found, as it wrote them.
    func scan() throws(DUTError) -> DUTScan {
        let tags = try decode(DUTAnswerBody.Scan.self).tags
        if let index = tags.firstIndex(where: { $0.uid.bytes.isEmpty }) {
            throw .protocolViolation(
                line: line, reason: "\"tags[\(index)].uid\" must be at least one byte")
        }
        return DUTScan(tags: tags.map(\.uid.text))
    }

    /// The `read` response: the tag's status and capacity, its message and records.
    func read() throws(DUTError) -> DUTRead {
        let read = try decode(DUTAnswerBody.Read.self)
        return DUTRead(
            status: read.status.value, capacity: read.capacity.value, ndef: read.ndef?.bytes,
            records: read.records?.map {
                NDEFRecord(
                    typeNameFormat: $0.tnf.value, type: $0.typeHex.bytes,
                    identifier: $0.idHex.bytes, payload: $0.payloadHex.bytes)
            })
    }

    /// The `select` response to a request for `aids`: the identifier selected (one of them),
    /// or null for none, and the tag's historical bytes and the SELECT's data when given.
    func selection(among aids: [ApplicationIdentifier]) throws(DUTError) -> DUTSelection? {
        let select = try decode(DUTAnswerBody.Select.self)
        guard let text = select.aid else { return nil }
        guard let aid = try? ApplicationIdentifier(hex: text), aids.contains(aid) else {
            throw .protocolViolation(
                line: line,
                reason: "\"aid\" \"\(text)\" is none of the identifiers asked for: "
                    + aids.map(\.description).joined(separator: ", "))
        }
        return DUTSelection(
            aid: aid, historicalBytes: select.historicalBytes?.bytes,
            applicationData: select.applicationData?.bytes)
    }

    /// The `apdu` response: the response APDU, at least SW1 SW2.
    func responseAPDU() throws(DUTError) -> [UInt8] {
        guard let bytes = try decode(DUTAnswerBody.APDU.self).response?.bytes, bytes.count >= 2
        else {
            throw .protocolViolation(
                line: line, reason: "\"response\" must be hex of at least SW1 SW2")
        }
        return bytes
    }

    /// The `dispatch` response: the URL the DUT would open, if any.
    func dispatchedURL() throws(DUTError) -> String? { try decode(DUTAnswerBody.Dispatch.self).url }
}
