import NDEF

/// What a DUT's CoreNFC-style NDEF reader session reported: each message its delegate got
/// (`readerSession(_:didDetectNDEFs:)`), in order, and the error it was invalidated with
/// (`readerSession(_:didInvalidateWithError:)`), nil while it runs.
public struct DUTSessionReport: Sendable, Hashable {
    /// The messages detected, oldest first.
    public var messages: [DUTDetectedMessage]
    /// The error the session ended with, by its protocol name (e.g.
    /// `readerSessionInvalidationErrorFirstNDEFTagRead`); nil while it runs.
    public var ended: String?

    /// A report.
    public init(messages: [DUTDetectedMessage], ended: String?) {
        self.messages = messages
        self.ended = ended
    }
}

/// One message a session detected, as the DUT got it: its bytes and the records its
/// application decoded, either or both.
public struct DUTDetectedMessage: Sendable, Hashable {
    /// The message's bytes as read off the tag; nil when the DUT reports records only.
    public var ndef: [UInt8]?
    /// The records its application got; nil when the DUT reports bytes only.
    public var records: [NDEFRecord]?

    /// A detected message.
    public init(ndef: [UInt8]?, records: [NDEFRecord]? = nil) {
        self.ndef = ndef
        self.records = records
    }
}

extension DeviceUnderTest {
    /// A DUT without CoreNFC sessions: `.unsupported`, which skips the `corenfc-session`
    /// cases.
    public func beginNDEFSession(invalidateAfterFirstRead: Bool) async throws(DUTError) {
        throw .unsupported(operation: "begin_session")
    }

    /// A DUT without CoreNFC sessions: `.unsupported`.
    public func ndefSession(waitingAtMost wait: Duration) async throws(DUTError)
        -> DUTSessionReport
    {
        throw .unsupported(operation: "session")
    }

    /// A DUT without CoreNFC sessions: `.unsupported`.
    public func cancelSession() async throws(DUTError) {
        throw .unsupported(operation: "cancel")
    }

    /// A DUT without CoreNFC sessions: `.unsupported`.
    public func invalidateSession() async throws(DUTError) {
        throw .unsupported(operation: "invalidate")
    }
}
