import HexText
import TagEmulation
import TagFormat

/// One READ or UPDATE BINARY a Type 4 tag received, with the file selected when it came, the
/// bytes of that file it reached and the status word the tag answered: the RF side's record
/// of what a reader asked of which file, which it cannot fake.
struct Type4FileAccess: Sendable, Hashable {
    /// What a tag had selected.
    enum File: Sendable, Hashable {
        /// No file: before the application or a file was selected, or after the session ended.
        case none
        /// The CC file, E103.
        case capabilityContainer
        /// The NDEF file the CC names.
        case ndef
    }

    /// The command as received.
    var command: CommandAPDU
    /// The file selected when it came.
    var file: File
    /// The file's bytes it reached: for a READ BINARY B1, Le less the `53` object's wrapping.
    var range: Range<Int>
    /// The tag's answer.
    var status: StatusWord
    /// How many data bytes came before the status word.
    var answered: Int
    /// When the tag received it.
    var at: Duration
    /// The SELECT of the NDEF file the tag refused before it, when no SELECT succeeded in
    /// between: a reader that sent this went on from a file it could not select.
    var afterRefusedNDEFSelect: RefusedSelect?

    /// A SELECT the tag refused, and its answer.
    struct RefusedSelect: Sendable, Hashable {
        var command: CommandAPDU
        var status: StatusWord
    }

    /// Whether it reads (B0, B1) rather than updates.
    var isRead: Bool {
        command.ins == Type4Tag.Instruction.readBinary.rawValue
            || command.ins == Type4Tag.Instruction.readBinaryODO.rawValue
    }

    /// Whether the tag answered 9000 with fewer bytes than the READ asked for.
    var isShort: Bool { isRead && status == .ok && answered < (command.le ?? 0) }

    /// `READ BINARY at offset 2 for 253 byte(s) (00 B0 00 02 FD, answered 9000)`, with the
    /// byte count of an answer that is not the one asked for.
    var summary: String {
        let count = isShort ? " with \(answered) bytes" : ""
        return "\(isRead ? "READ" : "UPDATE") BINARY at offset \(range.lowerBound) for "
            + "\(range.count) byte(s) (\(command), answered \(status)\(count))"
    }

    /// Every READ and UPDATE BINARY in `events` (one tag's log, in order), given the ID of
    /// the NDEF file its CC names. A SELECT the tag answered 9000 changes the file; a failed
    /// one keeps it (ISO/IEC 7816-4 §7.1.1), and a failed one of the NDEF file is noted on
    /// what follows until a SELECT succeeds; a new activation or the end of a session clears
    /// both. Commands a Type 4 tag does not take (and answers without data) are left out.
    static func all(in events: [TagEvent], ndefFileID: UInt16) -> [Type4FileAccess] {
        var accesses: [Type4FileAccess] = []
        var selected = File.none
        var refused: RefusedSelect?
        var pending: (command: CommandAPDU, at: Duration)?
        for event in events {
            switch event.kind {
            case .received(let bytes):
                pending = (try? CommandAPDU(decoding: bytes)).map { ($0, event.at) }
            case .sent(let bytes):
                defer { pending = nil }
                guard let (command, at) = pending, bytes.count >= 2,
                    let parsed = try? Type4Command(command)
                else { continue }
                let status = StatusWord(sw1: bytes[bytes.count - 2], sw2: bytes[bytes.count - 1])
                let answered = bytes.count - 2
                switch parsed {
                case .selectApplication:
                    if status == .ok { (selected, refused) = (.none, nil) }
                case .selectFile(let fileID):
                    guard status == .ok else {
                        if fileID == ndefFileID {
                            refused = RefusedSelect(command: command, status: status)
                        }
                        continue
                    }
                    refused = nil
                    switch fileID {
                    case Type4Tag.capabilityContainerFileID: selected = .capabilityContainer
                    case ndefFileID: selected = .ndef
                    default: selected = .none
                    }
                case .readBinary(let offset, let length):
                    accesses.append(
                        Type4FileAccess(
                            command: command, file: selected, range: offset..<offset + length,
                            status: status, answered: answered, at: at,
                            afterRefusedNDEFSelect: refused))
                case .readBinaryODO(let offset, let length):
                    let count = Type4Tag.discretionaryDataCapacity(length)
                    accesses.append(
                        Type4FileAccess(
                            command: command, file: selected, range: offset..<offset + count,
                            status: status, answered: answered, at: at,
                            afterRefusedNDEFSelect: refused))
                case .updateBinary(let offset, let data), .updateBinaryODO(let offset, let data):
                    accesses.append(
                        Type4FileAccess(
                            command: command, file: selected,
                            range: offset..<offset + data.count, status: status, answered: answered,
                            at: at, afterRefusedNDEFSelect: refused))
                }
            case .activated, .deselected, .released, .idle, .haltedUntilFieldOff:
                selected = .none
                refused = nil
                pending = nil
            default:
                break
            }
        }
        return accesses
    }
}
