import NDEF
import PN533

/// CoreNFC's `NFCNDEFReaderSession` with the legacy `readerSession(_:didDetectNDEFs:)`
/// delegate, as Apple documents it: the session polls, reads each tag's message and hands it
/// over; the session "restarts polling when the detected tags are no longer within reading
/// range"; with `invalidateAfterFirstRead` it "automatically invalidates after the first NDEF
/// tag is successfully read" (204); it ends when the user cancels (200) and at its 60-second
/// time limit (201). At its end the field goes off and tag operations fail with
/// `sessionInvalidated` (103) until a new session begins.
extension NFCReferenceReader {
    /// CoreNFC's session time limit (NFCNDEFReaderSession.h: "the 60 seconds session time
    /// limit").
    public static let sessionTimeLimit = Duration.seconds(60)
    /// The pause after a poll that found nothing, and between presence checks of a tag read.
    static let sessionPollInterval = Duration.milliseconds(50)

    /// Runs a session until it ends (see the extension's summary): `detected` gets each
    /// message read, with its bytes as read off the tag, and `ended` the error the session
    /// was invalidated with, once. `stopSession()` ends it without a report (its owner's
    /// teardown); `cancelSession()` is the user's Cancel.
    public func runNDEFReaderSession(
        invalidateAfterFirstRead: Bool,
        detected: @escaping @Sendable (_ bytes: [UInt8], _ message: NDEFMessage) -> Void,
        ended: @escaping @Sendable (NFCReaderError) -> Void
    ) async {
        do {
            try await exclusively { () async throws(NFCReaderError) in
                cancelRequested = false
                stopRequested = false
                sessionInvalidated = false
                connectedTag = nil
                var run = SessionRun(
                    start: clock.now(), invalidateAfterFirstRead: invalidateAfterFirstRead,
                    faults: configuration.faults.session, ended: ended)
                do throws(NFCReaderError) {
                    try await prepare()
                    emit(.pollStarted)
                    try await poll(&run, detected: detected)
                } catch {
                    run.note(error)
                }
                await closeSession()
            }
        } catch {
            // Another operation was running: the session never began.
            ended(error)
        }
    }

    /// The user presses Cancel on the running session's sheet.
    public func cancelSession() { cancelRequested = true }

    /// Ends the running session without a report: its owner's teardown.
    public func stopSession() { stopRequested = true }

    /// The session's polling, until it ends (or its end was reported and a fault polls on,
    /// until `stopSession()`).
    private func poll(
        _ run: inout SessionRun,
        detected: @Sendable (_ bytes: [UInt8], _ message: NDEFMessage) -> Void
    ) async throws(NFCReaderError) {
        while !stopRequested {
            if run.checkEnd(cancelled: cancelRequested, now: clock.now()) { return }
            guard run.pollsOn, let target = try await listTarget() else {
                try? await clock.sleep(Self.sessionPollInterval)
                continue
            }
            _ = connect(target)
            if let read = await readConnectedTag() {
                run.reads += 1
                if run.reported == nil { detected(read.bytes, read.message) }
                if run.endsAfterRead {
                    run.note(.firstNDEFTagRead)
                    return
                }
            }
            // didDetectNDEFs: polling restarts once the tag is out of range.
            while !stopRequested, !run.checkEnd(cancelled: cancelRequested, now: clock.now()) {
                try? await clock.sleep(Self.sessionPollInterval)
                guard await tagPresent() else { break }
            }
            if run.reported != nil, !run.faults.contains(.pollsAfterInvalidation) { return }
            connectedTag = nil
        }
    }

    /// The connected tag's message and its bytes; nil when it has none or the read failed
    /// (the session then waits for the tag to leave, as for any tag read).
    private func readConnectedTag() async -> (bytes: [UInt8], message: NDEFMessage)? {
        emit(.readStarted)
        do throws(NFCReaderError) {
            let bytes = try await requireProcedures().readNDEF()
            guard !bytes.isEmpty else { throw NFCReaderError.zeroLengthMessage }
            let message = try decode(bytes)
            emit(.readCompleted(message))
            return (bytes, message)
        } catch {
            emit(.readFailed(error))
            return nil
        }
    }

    /// The chip's presence check of the selected tag (Diagnose 06: R(NAK) to an ISO-DEP card,
    /// which answers without changing state): false once it is gone.
    private func tagPresent() async -> Bool {
        let answer = try? await chip { () async throws(PN533Error) in
            try await device.diagnose(.attentionRequest)
        }
        return answer == [0x00]
    }

    /// Field off, the tag forgotten; tag operations fail with 103 until the next poll.
    private func closeSession() async {
        connectedTag = nil
        sessionInvalidated = true
        prepared = false
        _ = try? await chip { () async throws(PN533Error) in try await device.setRF(field: false) }
    }
}

/// One NDEF reader session's progress: when it began, what it read, how it ended.
struct SessionRun {
    let start: Duration
    let invalidateAfterFirstRead: Bool
    let faults: SessionFaults
    /// Tags read so far.
    var reads = 0
    /// Where the end goes, as soon as it is known (a fault may poll on after it).
    let ended: @Sendable (NFCReaderError) -> Void
    /// The end reported, once there is one.
    private(set) var reported: NFCReaderError?

    /// The time limit: 60 s, or 30 s with `times-out-early`.
    var limit: Duration {
        faults.contains(.timesOutEarly) ? .seconds(30) : NFCReferenceReader.sessionTimeLimit
    }

    /// Whether the session ends with its first read (204).
    var endsAfterRead: Bool {
        invalidateAfterFirstRead && !faults.contains(.ignoresInvalidateAfterFirstRead)
    }

    /// Whether the session polls for another tag (`stops-after-first-tag` stops after one).
    var pollsOn: Bool { reads == 0 || !faults.contains(.stopsAfterFirstTag) }

    /// Notes the user's Cancel or the time limit as the session's end; true when the polling
    /// must stop (a fault polls on after reporting it).
    mutating func checkEnd(cancelled: Bool, now: Duration) -> Bool {
        if cancelled {
            note(.userCanceled)
        } else if now - start >= limit {
            note(.sessionTimeout)
        }
        return reported != nil && !faults.contains(.pollsAfterInvalidation)
    }

    /// Notes `error` as the session's end and reports it, unless an end was noted.
    mutating func note(_ error: NFCReaderError) {
        guard reported == nil else { return }
        reported = error
        ended(error)
    }
}
