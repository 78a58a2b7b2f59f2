import HexText
import NDEF

/// Everything a reader operation can fail with, named after CoreNFC's `NFCReaderError.Code`
/// where it has a code for the case (`coreNFCCode`), each carrying the offending value.
public enum NFCReaderError: Error, Sendable, Hashable {
    /// No tag is connected: nothing was polled, or polling restarted since.
    case tagNotConnected
    /// The tag stopped answering (it left the field, or the link broke).
    case tagConnectionLost(TagLinkFailure)
    /// The tag kept answering with damaged frames or broke the block protocol.
    case retryExceeded(TagLinkFailure)
    /// The tag answered a read or detection command with a failure or an ill-formed answer.
    case tagResponseError(TagResponseFailure)
    /// The tag refused or garbled a write.
    case tagUpdateFailure(TagResponseFailure)
    /// The tag is not NDEF formatted, or of a type the reader does not speak.
    case ndefNotSupported(NDEFUnsupportedReason)
    /// The tag holds bytes that are not a valid NDEF message.
    case invalidMessage(NDEFError)
    /// The tag is read-only (or refuses to become so).
    case tagNotWritable(NotWritableReason)
    /// The message needs `messageLength` bytes; the tag holds `capacity`.
    case tagSizeTooSmall(messageLength: Int, capacity: Int)
    /// The tag holds no message (length 0), or a message to write has no records.
    case zeroLengthMessage
    /// The message to write cannot be encoded.
    case invalidParameter(NDEFEncodingError)
    /// Another operation of this reader is still running.
    case readerBusy
    /// The reader chip or its USB link failed; the session cannot go on.
    case readerFailure(TagLinkFailure)
    /// A SELECT by name of an application the session did not register: CoreNFC refuses it
    /// without sending it to the tag.
    case securityViolation(applicationIdentifier: [UInt8])
    /// A command APDU longer than the reader sends (`length` bytes).
    case packetTooLong(length: Int)
    /// A tag operation after the session ended: CoreNFC refuses it without reaching the tag.
    case sessionInvalidated
    /// An NDEF reader session begun with `invalidateAfterFirstRead` ended after its first read.
    case firstNDEFTagRead
    /// The session reached its time limit (60 s).
    case sessionTimeout
    /// The user pressed Cancel on the session's sheet.
    case userCanceled

    /// The name the DUT protocol (DESIGN §6) reports the error with.
    public var name: String {
        switch self {
        case .tagNotConnected: "tagNotConnected"
        case .tagConnectionLost: "tagConnectionLost"
        case .retryExceeded: "retryExceeded"
        case .tagResponseError: "tagResponseError"
        case .tagUpdateFailure: "tagUpdateFailure"
        case .ndefNotSupported: "ndefNotSupported"
        case .invalidMessage: "invalidMessage"
        case .tagNotWritable: "tagNotWritable"
        case .tagSizeTooSmall: "tagSizeTooSmall"
        case .zeroLengthMessage: "zeroLengthMessage"
        case .invalidParameter: "invalidParameter"
        case .readerBusy: "systemIsBusy"
        case .readerFailure: "sessionTerminatedUnexpectedly"
        case .securityViolation: "readerErrorSecurityViolation"
        case .packetTooLong: "readerTransceiveErrorPacketTooLong"
        case .sessionInvalidated: "readerTransceiveErrorSessionInvalidated"
        case .firstNDEFTagRead: "readerSessionInvalidationErrorFirstNDEFTagRead"
        case .sessionTimeout: "readerSessionInvalidationErrorSessionTimeout"
        case .userCanceled: "readerSessionInvalidationErrorUserCanceled"
        }
    }

    /// CoreNFC's `NFCReaderError.Code` name and value for this case, `nil` where CoreNFC has
    /// none: a tag it cannot read as NDEF is reported through `queryNDEFStatus`, and
    /// Apple's 203 (another session is active) and 202 (the app went to the background) are
    /// no condition of a reader operation, so a busy reader and a failed chip have no code.
    public var coreNFCCode: (name: String, value: Int)? {
        switch self {
        case .tagNotConnected: ("readerTransceiveErrorTagNotConnected", 104)
        case .tagConnectionLost: ("readerTransceiveErrorTagConnectionLost", 100)
        case .retryExceeded: ("readerTransceiveErrorRetryExceeded", 101)
        case .tagResponseError: ("readerTransceiveErrorTagResponseError", 102)
        case .tagUpdateFailure: ("ndefReaderSessionErrorTagUpdateFailure", 401)
        case .tagNotWritable: ("ndefReaderSessionErrorTagNotWritable", 400)
        case .tagSizeTooSmall: ("ndefReaderSessionErrorTagSizeTooSmall", 402)
        case .zeroLengthMessage: ("ndefReaderSessionErrorZeroLengthMessage", 403)
        case .invalidParameter: ("readerErrorInvalidParameter", 3)
        case .securityViolation: ("readerErrorSecurityViolation", 2)
        case .packetTooLong: ("readerTransceiveErrorPacketTooLong", 105)
        case .sessionInvalidated: ("readerTransceiveErrorSessionInvalidated", 103)
        case .firstNDEFTagRead: ("readerSessionInvalidationErrorFirstNDEFTagRead", 204)
        case .sessionTimeout: ("readerSessionInvalidationErrorSessionTimeout", 201)
        case .userCanceled: ("readerSessionInvalidationErrorUserCanceled", 200)
        case .ndefNotSupported, .invalidMessage, .readerBusy, .readerFailure: nil
        }
    }

    /// A one-line explanation naming the offending value.
    public var message: String {
        switch self {
        case .tagNotConnected: "no tag is connected"
        case .tagConnectionLost(let failure): "tag connection lost: \(failure)"
        case .retryExceeded(let failure): "retries exceeded: \(failure)"
        case .tagResponseError(let failure): "tag response error: \(failure)"
        case .tagUpdateFailure(let failure): "tag update failed: \(failure)"
        case .ndefNotSupported(let reason): "the tag is not NDEF: \(reason)"
        case .invalidMessage(let error): "the tag holds an invalid NDEF message: \(error)"
        case .tagNotWritable(let reason): "the tag is not writable: \(reason)"
        case .tagSizeTooSmall(let length, let capacity):
            "a \(length)-byte message does not fit the tag's \(capacity) bytes"
        case .zeroLengthMessage: "zero-length NDEF message"
        case .invalidParameter(let error): "the message cannot be encoded: \(error)"
        case .readerBusy: "another reader operation is running"
        case .readerFailure(let failure): "the reader failed: \(failure)"
        case .securityViolation(let name):
            "SELECT of \(Hex.encode(name, uppercase: true)), an application the session did "
                + "not register, was refused"
        case .packetTooLong(let length): "a \(length)-byte command is longer than the reader sends"
        case .sessionInvalidated: "the reader session was invalidated"
        case .firstNDEFTagRead: "the session ended after its first NDEF tag, as asked"
        case .sessionTimeout: "the reader session reached its 60-second time limit"
        case .userCanceled: "the user canceled the reader session"
        }
    }
}

extension NFCReaderError {
    /// Whether the operation failed for want of a session or tag, not on the tag: polling
    /// does not restart after it (the field stays as it was).
    var lostTheSession: Bool { self == .tagNotConnected || self == .sessionInvalidated }
}

extension NFCReaderError: CustomStringConvertible {
    public var description: String { "\(name): \(message)" }
}
