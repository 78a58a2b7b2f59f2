import Locking
import NDEF
import TagReader

/// The reference reader's NDEF reader session behind the DUT protocol: `beginNDEFSession`
/// starts it as a task of the rig and returns, as an app's `begin()` does; the harness then
/// moves tags and asks what the session reported.
extension ReferenceDUT {
    /// How often a wait for the session's end looks.
    static let sessionCheckInterval = Duration.milliseconds(50)

    public func beginNDEFSession(invalidateAfterFirstRead: Bool) async throws(DUTError) {
        try await ensureOpen()
        await endSession()
        let report = ReferenceDUTSession()
        let reader = reader
        let body: @Sendable () async -> Void = {
            await reader.runNDEFReaderSession(
                invalidateAfterFirstRead: invalidateAfterFirstRead,
                detected: { bytes, message in report.detected(bytes, message.records) },
                ended: { error in report.end(error.name) })
        }
        session = report
        sessionTask = time?.spawn(body) ?? RigTask(Task(operation: body))
    }

    public func ndefSession(waitingAtMost wait: Duration) async throws(DUTError)
        -> DUTSessionReport
    {
        guard let session else { throw .harness("no NDEF reader session was begun") }
        var waited = Duration.zero
        while session.snapshot.ended == nil, waited < wait {
            try? await clock.sleep(Self.sessionCheckInterval)
            waited += Self.sessionCheckInterval
        }
        let report = session.snapshot
        // Asked again after the harness heard the end, the task must not outlive it (a fault
        // that polls on after its end is stopped here, before the next case's tags come);
        // the first answer with the end leaves it be, so the air can show what it does.
        if report.ended != nil, session.hearEnd() { await endSession() }
        return report
    }

    public func cancelSession() async throws(DUTError) {
        guard session != nil else { throw .harness("no NDEF reader session was begun") }
        await reader.cancelSession()
    }

    public func invalidateSession() async throws(DUTError) {
        do {
            try await reader.invalidate()
        } catch {
            throw Self.map(error)
        }
    }

    /// Stops the running session's task, if any, and waits for it to end.
    func endSession() async {
        guard let running = sessionTask else { return }
        sessionTask = nil
        await reader.stopSession()
        await running.join()
    }
}

/// What a reference DUT's session reported, written by its task and read by the DUT.
final class ReferenceDUTSession: Sendable {
    private let state = Lock(DUTSessionReport(messages: [], ended: nil))
    private let endHeard = Lock(false)

    /// A message the session read: its bytes and records.
    func detected(_ bytes: [UInt8], _ records: [NDEFRecord]) {
        state.withLock { $0.messages.append(DUTDetectedMessage(ndef: bytes, records: records)) }
    }

    /// The session's end, by its protocol name.
    func end(_ name: String) {
        state.withLock { $0.ended = $0.ended ?? name }
    }

    /// Notes that the harness got the end; true when it had got it before.
    func hearEnd() -> Bool {
        endHeard.withLock { heard in
            defer { heard = true }
            return heard
        }
    }

    /// The report so far.
    var snapshot: DUTSessionReport { state.withLock { $0 } }
}
