import NDEF

/// Something the reader did, stamped with its clock: the conformance suites measure restart
/// intervals and latencies from these, and compare them with what the RF side saw.
public struct ReaderEvent: Sendable, Hashable {
    /// When it happened, on the reader's clock.
    public var at: Duration
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    public init(at: Duration, kind: Kind) {
        self.at = at
        self.kind = kind
    }

    /// The kinds of event, in the order a session produces them.
    public enum Kind: Sendable, Hashable {
        /// `poll(timeout:)` began looking for tags (the field is on).
        case pollStarted
        /// Polling found these tags (every one counted, in the order listed).
        case tagsDetected([NFCTag])
        /// More than one tag is in the field: none is read and polling restarts.
        case multipleTags(count: Int)
        /// The restart delay is over: the field goes back on and polling may begin again.
        case restartPolling
        /// `readNDEF()` began.
        case readStarted
        /// `readNDEF()` returned this message.
        case readCompleted(NDEFMessage)
        /// `readNDEF()` failed with this error (polling restarts after the delay).
        case readFailed(NFCReaderError)
        /// `writeNDEF(_:)` began with a message of this many encoded bytes (0 when it cannot be
        /// encoded).
        case writeStarted(bytes: Int)
        /// `writeNDEF(_:)` wrote this many bytes.
        case writeCompleted(bytes: Int)
        /// `writeNDEF(_:)` failed with this error.
        case writeFailed(NFCReaderError)
        /// A tag reader session selected this application identifier at discovery.
        case applicationSelected([UInt8])
    }
}

extension ReaderEvent: CustomStringConvertible {
    public var description: String { "\(at) \(kind)" }
}
