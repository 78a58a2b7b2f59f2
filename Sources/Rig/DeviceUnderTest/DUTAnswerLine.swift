import TagFormat

/// One line a process DUT writes, read as `ProcessDUT` reads its answers, without a child
/// process: what the `dut-line` fuzz target (issue 23) feeds hostile lines to.
public enum DUTAnswerLine {
    /// The identifiers a `select` request is read as having asked for.
    static let requestedAIDs = [ApplicationIdentifier.ndefTagApplication]

    /// The id of the request the line is read as answering.
    public static let expectedID = 1

    /// Reads `line` as the answer to request `expectedID`, then, for a response, as the
    /// response to each operation in turn: one result per reading, failures as the typed
    /// errors `ProcessDUT` would throw (a protocol violation quoting the line, or the DUT's
    /// own error when it answered `"ok": false`).
    public static func readings(_ line: String) -> [Result<Void, DUTError>] {
        let received: ProcessDUTAnswer.Received
        do {
            received = try ProcessDUTAnswer.received(line, expecting: expectedID)
        } catch {
            return [.failure(error)]
        }
        guard case .response(let answer) = received else { return [.success(())] }
        return [
            Result { () throws(DUTError) in
                _ = try answer.identity(speaking: ProcessDUT.protocolVersion)
            },
            Result { () throws(DUTError) in _ = try answer.scan() },
            Result { () throws(DUTError) in _ = try answer.read() },
            Result { () throws(DUTError) in _ = try answer.dispatchedURL() },
            Result { () throws(DUTError) in _ = try answer.selection(among: requestedAIDs) },
            Result { () throws(DUTError) in _ = try answer.responseAPDU() },
            Result { () throws(DUTError) in _ = try answer.sessionReport() },
        ]
    }
}
