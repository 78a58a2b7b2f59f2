import TagEmulation
import TagFormat

/// What one activation of an emulated tag handed a reader on the air: for a Type 4 tag, the
/// bytes of each file that READ BINARY answers carried (status 9000); for a Type 2 tag, the
/// memory addresses READ answers carried. It is the RF side's record of what a reader got
/// off the tag, which it cannot fake: a reader that reports a message it did not get in
/// these answers did not read it from this tag.
struct AirRead: Sendable, Hashable {
    /// When the activation began.
    var activatedAt: Duration
    /// The file bytes served, by file ID and offset (Type 4).
    var files: [UInt16: [Int: UInt8]] = [:]
    /// The memory addresses served (Type 2).
    var addresses: Set<Int> = []

    /// One `AirRead` per activation in `events` (one tag's log, in order) still going on at
    /// `since` or begun after it, with what answers from `since` on served, and the CC (the
    /// Type 4 CC file, the Type 2 CC block) whenever in the activation it was served: the
    /// CC says where the message is, and a reader that reads back what it wrote in the same
    /// activation need not read it again.
    ///
    /// A SELECT by file ID answered 9000 chooses the file later READ BINARY commands read
    /// (ISO/IEC 7816-4 §7.1.1: a failed SELECT keeps the file); a SELECT of an application
    /// clears it. A READ BINARY's answer carries `count − 2` file bytes from its offset (a B1
    /// answer carries them inside a `53` data object); a Type 2 READ's 16 bytes are the
    /// memory from its block on.
    static func activations(in events: [TagEvent], since: Duration = .zero) -> [AirRead] {
        var reads: [AirRead] = []
        var selected: UInt16?
        var pending: [UInt8]?
        var current: AirRead?
        for event in events {
            switch event.kind {
            case .activated:
                if let current { reads.append(current) }
                current = AirRead(activatedAt: event.at)
                selected = nil
                pending = nil
            case .received(let bytes):
                pending = bytes
            case .sent(let answer):
                defer { pending = nil }
                guard let command = pending, var read = current else { continue }
                var served = AirRead(activatedAt: read.activatedAt)
                serve(command, answer, selected: &selected, into: &served)
                read.absorb(served, whole: event.at >= since)
                current = read
            case .deselected, .released, .haltedUntilFieldOff, .idle, .fellBackToIdle:
                selected = nil
                pending = nil
            default:
                break
            }
        }
        if let current { reads.append(current) }
        // An activation followed by another before `since` was over by then.
        return reads.indices.filter { index in
            index == reads.count - 1 || reads[index + 1].activatedAt > since
        }.map { reads[$0] }
    }

    /// Takes what `served` holds: all of it when `whole`, else only the CC.
    private mutating func absorb(_ served: AirRead, whole: Bool) {
        for (file, bytes) in served.files
        where whole || file == Type4Tag.capabilityContainerFileID {
            files[file, default: [:]].merge(bytes) { _, new in new }
        }
        let cc = Type2Tag.capabilityContainerOffset..<Type2Tag.dataAreaOffset
        addresses.formUnion(whole ? served.addresses : served.addresses.filter(cc.contains))
    }

    /// Records what `answer` to `command` carried.
    private static func serve(
        _ command: [UInt8], _ answer: [UInt8], selected: inout UInt16?, into read: inout AirRead
    ) {
        if command.count == 2, command[0] == Type2Tag.readCommand {
            guard answer.count == Type2Tag.readResponseLength else { return }
            let start = Int(command[1]) * Type2Tag.blockSize
            read.addresses.formUnion(start..<start + answer.count)
            return
        }
        guard answer.count >= 2, answer.suffix(2) == [0x90, 0x00] else { return }
        // A command that is no Type 4 command (the reader's bytes, whatever they are) served
        // no file.
        let parsed: Type4Command
        do {
            parsed = try Type4Command(try CommandAPDU(decoding: command))
        } catch {
            return
        }
        let data = Array(answer.dropLast(2))
        switch parsed {
        case .selectApplication:
            selected = nil
        case .selectFile(let fileID):
            selected = fileID
        case .readBinary(let offset, _):
            guard let file = selected else { return }
            read.serve(data, of: file, at: offset)
        case .readBinaryODO(let offset, _):
            guard let file = selected else { return }
            do {
                read.serve(try Type4Tag.discretionaryData(in: data, at: 0), of: file, at: offset)
            } catch {
                // An answer that is no `53` data object carried no file bytes.
            }
        case .updateBinary, .updateBinaryODO:
            break
        }
    }

    /// Records `bytes` of `file` from `offset` as served.
    private mutating func serve(_ bytes: [UInt8], of file: UInt16, at offset: Int) {
        for (index, byte) in bytes.enumerated() { files[file, default: [:]][offset + index] = byte }
    }

    /// The offsets of `file` served.
    func offsets(of file: UInt16) -> Set<Int> { Set((files[file] ?? [:]).keys) }

    /// The NDEF file's ID as the tag's CC, served in this activation, names it: the NDEF (or
    /// ENDEF) File Control TLV at CC offset 7 (NFC Forum T4T 2.0 §5.1, 3.0 §5.1), its file
    /// ID after tag and length; nil when those bytes were not served.
    var ndefFileID: UInt16? {
        let cc = files[Type4Tag.capabilityContainerFileID] ?? [:]
        let at = CapabilityContainer.fileControlOffset
        guard let high = cc[at + 2], let low = cc[at + 3] else { return nil }
        return UInt16(high) << 8 | UInt16(low)
    }

    /// The first offset of `range` that `served` lacks, or nil when it has them all.
    static func firstMissing(_ range: Range<Int>, in served: Set<Int>) -> Int? {
        range.first { !served.contains($0) }
    }

    /// `bytes 3–9, 14` (at most six runs shown).
    static func describe(missing range: Range<Int>, in served: Set<Int>) -> String {
        var runs: [Range<Int>] = []
        for offset in range where !served.contains(offset) {
            if let last = runs.last, last.upperBound == offset {
                runs[runs.count - 1] = last.lowerBound..<offset + 1
            } else {
                runs.append(offset..<offset + 1)
            }
        }
        let shown = runs.prefix(6).map { run in
            run.count == 1 ? "\(run.lowerBound)" : "\(run.lowerBound)–\(run.upperBound - 1)"
        }
        return shown.joined(separator: ", ") + (runs.count > 6 ? ", …" : "")
    }
}
