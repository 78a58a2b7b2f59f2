import ISODEP
import PN533

/// The lower-layer failure behind a lost connection or a failed reader: what the chip or the
/// ISO-DEP layer reported.
public enum TagLinkFailure: Sendable, Hashable, CustomStringConvertible {
    /// The PN533 driver's error (RF status mapped once, or the host link).
    case chip(PN533Error)
    /// The ISO-DEP layer's error.
    case isodep(ISODEPError)

    public var description: String {
        switch self {
        case .chip(let error): "\(error)"
        case .isodep(let error): "\(error)"
        }
    }
}

extension NFCReaderError {
    /// The reader error a chip failure stands for: silence or a broken link loses the tag,
    /// damaged frames exceed the retries, anything on the host side ends the session.
    public init(_ error: PN533Error) {
        switch error {
        case .rfTimeout, .brokenLink: self = .tagConnectionLost(.chip(error))
        case .transmission, .protocolViolation: self = .retryExceeded(.chip(error))
        case .rejected, .chipFault, .noResponse, .transport, .corruptResponse, .errorFrame,
            .unexpectedResponseCode, .unexpectedFrame, .malformedResponse, .invalidRequest,
            .chainingOverflow:
            self = .readerFailure(.chip(error))
        }
    }

    /// The reader error an ISO-DEP failure stands for.
    public init(_ error: ISODEPError) {
        switch error {
        case .link(let chipError): self.init(chipError)
        case .timeout, .deselectFailed, .noATS, .notActivated:
            self = .tagConnectionLost(.isodep(error))
        case .transmissionError, .protocolViolation, .oversizedFrame,
            .waitingTimeExtensionOutOfRange, .tooManyWaitingTimeExtensions, .invalidATS,
            .responseTooLong:
            self = .retryExceeded(.isodep(error))
        case .busy: self = .readerBusy
        }
    }
}
