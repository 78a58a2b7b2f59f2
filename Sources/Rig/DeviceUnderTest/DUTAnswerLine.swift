/// One line a process DUT writes, read the way `ProcessDUT` reads its answers, without a
/// child process: what the `dut-line` fuzz target (issue 23) feeds hostile lines to.
public enum DUTAnswerLine {
    /// Parses `line` and reads every field an answer to any request may carry, for whichever
    /// fields it has: an event line stops after the parse, a response after `ok` (and its
    /// error name) has been checked.
    ///
    /// - Throws: `DUTError.protocolViolation` quoting the line, or the DUT's own error
    ///   (`.reader`, `.unsupported`) when `ok` is false.
    public static func check(_ line: String) throws(DUTError) {
        let answer = try ProcessDUTAnswer(line: line)
        guard answer.event == nil else { return }
        try answer.requireSuccess()
        _ = try answer.optionalInteger("protocol")
        _ = try answer.optionalString("iso_dep")
        for key in ["name", "firmware", "status"] where answer.fields[key] != nil {
            _ = try answer.string(key)
        }
        if answer.fields["capacity"] != nil { _ = try answer.integer("capacity") }
        if answer.fields["tags"] != nil {
            for tag in try answer.array("tags") {
                _ = try ProcessDUTAnswer(fields: tag, line: line).string("uid")
            }
        }
        _ = try answer.optionalHex("ndef")
        _ = try answer.optionalRecords("records")
        _ = try answer.optionalString("url")
    }
}
