import NDEF
import TagFormat

/// What a tag's memory holds as its NDEF message at one moment, as a reader would find it:
/// a message, nothing, or the remains of a torn write.
public enum StoredNDEF: Sendable, Hashable {
    /// The length is zero: a blank tag, or a tearing-safe write in progress.
    case empty
    /// A well-formed NDEF message and its bytes.
    case message(NDEFMessage, bytes: [UInt8])
    /// The length announces bytes that are not an NDEF message: a torn write, or garbage.
    case malformed(bytes: [UInt8], error: NDEFError)
    /// The length field itself leads nowhere: beyond the capacity, or no NDEF TLV.
    case unreadable(StoredNDEFError)

    /// The message bytes the length announces: empty for `.empty`, nil when unreadable.
    public var bytes: [UInt8]? {
        switch self {
        case .empty: []
        case .message(_, let bytes), .malformed(let bytes, _): bytes
        case .unreadable: nil
        }
    }

    /// Decodes `bytes` (what the length field announces) strictly.
    init(announced bytes: [UInt8]) {
        if bytes.isEmpty {
            self = .empty
            return
        }
        do {
            self = .message(try NDEFDecoder().decode(bytes), bytes: bytes)
        } catch {
            self = .malformed(bytes: bytes, error: error)
        }
    }
}

/// Why a tag's length field leads to no message.
public enum StoredNDEFError: Error, Sendable, Hashable {
    /// A Type 4 Tag NDEF file whose length field cannot be honoured.
    case ndefFile(NDEFFileError)
    /// A Type 2 Tag image whose CC or TLVs lead to no NDEF TLV.
    case type2Memory(Type2TagError)
}
