import TagFormat

/// How a tag type stores its NDEF message in memory: where the length field is, where the
/// message bytes are, and what one write changes at once.
public enum NDEFStorage: Sendable, Hashable {
    /// A Type 4 Tag NDEF file: NLEN or ENLEN, then the message; the memory is the whole file
    /// (its size is the CC's maximum file size) and offsets are file offsets.
    case type4File(NDEFFileLength)
    /// A Type 2 Tag memory image from block 0: the NDEF TLV a reader's walk finds; offsets
    /// are byte addresses (4 × the block number).
    case type2Memory

    /// Where the length field and the message it announces lie in `memory`, for storages
    /// whose writes can tear; nil when the length field cannot be read.
    func layout(of memory: [UInt8]) -> NDEFLayout? {
        switch self {
        case .type4File(let field):
            guard let length = try? field.decode(memory) else { return nil }
            let end = min(memory.count, field.size + length)
            return NDEFLayout(lengthField: 0..<field.size, message: field.size..<end)
        case .type2Memory:
            // WRITEs are atomic, so nothing asks; the message may also jump over lock bytes.
            return nil
        }
    }

    /// The message `memory` holds, as a reader would read it.
    public func stored(in memory: [UInt8]) -> StoredNDEF {
        switch self {
        case .type4File(let field):
            do {
                return StoredNDEF(
                    announced: try field.message(inFile: memory, maximumFileSize: memory.count))
            } catch {
                return .unreadable(.ndefFile(error))
            }
        case .type2Memory:
            do {
                return StoredNDEF(announced: try Type2TagMemory(image: memory).ndefMessage())
            } catch {
                return .unreadable(.type2Memory(error))
            }
        }
    }

    /// Whether one write lands all at once, so that it cannot tear halfway. An UPDATE BINARY
    /// spans many EEPROM pages and can; a Type 2 WRITE programs one 4-byte page.
    public var writesAreAtomic: Bool {
        switch self {
        case .type4File: false
        case .type2Memory: true
        }
    }
}

/// Where a stored NDEF message's parts lie, as offsets into tag memory.
struct NDEFLayout: Sendable, Hashable {
    /// The length field.
    var lengthField: Range<Int>
    /// The bytes the length field announces (cut at the end of memory).
    var message: Range<Int>
}
