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
        let answer = try ProcessDUTAnswer(line: line)
        if let event = answer.event {
            guard answer.id == nil else {
                throw .protocolViolation(line: line, reason: "an event must not carry an id")
            }
            return .event(event)
        }
        guard let id = answer.id else {
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
        if let spoken = try optionalInteger("protocol"), spoken != version {
            throw .protocolViolation(
                line: line, reason: "the DUT speaks protocol \(spoken); nfcrig speaks \(version)")
        }
        var isoDEP: ISODEPHandling?
        if let handling = try optionalString("iso_dep") {
            guard let known = ISODEPHandling(rawValue: handling) else {
                throw .protocolViolation(
                    line: line,
                    reason: "\"iso_dep\" must be \"chip\" or \"host\", not \"\(handling)\"")
            }
            isoDEP = known
        }
        return DUTIdentity(
            name: try string("name"), firmware: try string("firmware"), isoDEP: isoDEP)
    }

    /// The `scan` response: the UIDs of the tags the DUT found.
    func scan() throws(DUTError) -> DUTScan {
        let tags = try array("tags").map { (tag) throws(DUTError) in
            try ProcessDUTAnswer(fields: tag, line: line).string("uid")
        }
        return DUTScan(tags: tags)
    }

    /// The `read` response: the tag's status and capacity, its message and records.
    func read() throws(DUTError) -> DUTRead {
        let statusText = try string("status")
        guard let status = DUTRead.Status(rawValue: statusText) else {
            throw .protocolViolation(
                line: line,
                reason: "status \"\(statusText)\" is not notSupported, readWrite or readOnly")
        }
        return DUTRead(
            status: status, capacity: try integer("capacity"), ndef: try optionalHex("ndef"),
            records: try optionalRecords("records"))
    }

    /// The `select` response to a request for `aids`: the identifier selected (one of them),
    /// or null for none, and the tag's historical bytes and the SELECT's data when given.
    func selection(among aids: [ApplicationIdentifier]) throws(DUTError) -> DUTSelection? {
        guard let text = try optionalString("aid") else { return nil }
        guard let aid = try? ApplicationIdentifier(hex: text), aids.contains(aid) else {
            throw .protocolViolation(
                line: line,
                reason: "\"aid\" \"\(text)\" is none of the identifiers asked for: "
                    + aids.map(\.description).joined(separator: ", "))
        }
        return DUTSelection(
            aid: aid, historicalBytes: try optionalHex("historical_bytes"),
            applicationData: try optionalHex("application_data"))
    }

    /// The `apdu` response: the response APDU, at least SW1 SW2.
    func responseAPDU() throws(DUTError) -> [UInt8] {
        guard let bytes = try optionalHex("response"), bytes.count >= 2 else {
            throw .protocolViolation(
                line: line, reason: "\"response\" must be hex of at least SW1 SW2")
        }
        return bytes
    }

    /// The `dispatch` response: the URL the DUT would open, if any.
    func dispatchedURL() throws(DUTError) -> String? { try optionalString("url") }
}
