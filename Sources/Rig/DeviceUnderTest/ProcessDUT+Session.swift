/// The `corenfc-session` operations: a session begun by one request runs on while the
/// harness moves tags, and later requests ask what it reported or press Cancel.
extension ProcessDUT {
    public func beginNDEFSession(invalidateAfterFirstRead: Bool) async throws(DUTError) {
        _ = try await request(
            "begin_session", ["invalidate_after_first_read": invalidateAfterFirstRead],
            timeout: spec.requestTimeout)
    }

    public func ndefSession(waitingAtMost wait: Duration) async throws(DUTError)
        -> DUTSessionReport
    {
        try await request(
            "session", ["wait_ms": Self.milliseconds(wait)], timeout: spec.requestTimeout + wait
        ).sessionReport()
    }

    public func cancelSession() async throws(DUTError) {
        _ = try await request("cancel", timeout: spec.requestTimeout)
    }

    public func invalidateSession() async throws(DUTError) {
        _ = try await request("invalidate", timeout: spec.requestTimeout)
    }
}
