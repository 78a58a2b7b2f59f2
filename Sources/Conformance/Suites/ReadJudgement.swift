import HexText
import NDEF
import Rig

/// What a DUT's read showed of the message on the tag, judged only by what the DUT itself
/// reported: the bytes it read (`ndef`) and the records its application decoded (`records`).
/// nfcrig decodes its own fixtures to know what to expect, never a DUT's bytes to give it a
/// pass: a reader that does not reassemble chunks must not look like one that does.
enum ReadJudgement {
    /// What a case is about.
    enum Check {
        /// Reading: the DUT got the tag's message off the tag. Its bytes must be the tag's,
        /// byte for byte, and its records, when it reports them, the message's.
        case message
        /// Decoded content (record counts, RTD records, chunk reassembly): the records the
        /// DUT's application got must be the message's records. A DUT that reports only
        /// bytes cannot show that: wrong bytes fail, the right ones skip the case.
        case records

        /// What a read case with this check expects of a tag holding `storedBytes`.
        func expectation(storedBytes: Int) -> String {
            let onAir =
                "every byte of it served by the tag on the air in one activation, with the "
                + "mapping's commands, after the request"
            switch self {
            case .message:
                return "returns the tag's \(storedBytes)-byte message byte for byte (and its "
                    + "records, when it reports records), " + onAir
            case .records:
                return "its application gets the records of the tag's \(storedBytes)-byte "
                    + "message (\"records\" in the read answer; a DUT that reports bytes only "
                    + "is skipped), " + onAir
            }
        }
    }

    /// The verdict on `read` of a tag holding `stored`.
    static func judge(_ read: DUTRead, stored: [UInt8], _ check: Check) -> RepetitionOutcome {
        guard read.ndef != nil || read.records != nil else {
            return .fail(
                "the DUT returned no message (status \(read.status.rawValue)); the tag holds "
                    + "\(stored.count) bytes")
        }
        if let bytes = read.ndef, bytes != stored {
            return .fail("the DUT's message bytes are not the tag's: " + difference(bytes, stored))
        }
        guard let records = read.records else {
            switch check {
            case .message: return .pass
            case .records:
                return .skip(
                    "the DUT reported the message's bytes but not the records its application "
                        + "decoded (\"records\" in its read answer), and this case judges "
                        + "decoded content")
            }
        }
        let expected: [NDEFRecord]
        do {
            expected = try NDEFDecoder().decode(stored).records
        } catch {
            return .error("harness: the tag's message does not decode: \(error)")
        }
        guard records == expected else {
            return .fail(
                "the DUT's application got \(describe(records)); the tag's message is "
                    + describe(expected))
        }
        return .pass
    }

    /// Where two byte strings part, in words.
    static func difference(_ got: [UInt8], _ expected: [UInt8]) -> String {
        let common = zip(got, expected).prefix { $0 == $1 }.count
        let theirs = got.dropFirst(common).prefix(8)
        let ours = expected.dropFirst(common).prefix(8)
        return "\(got.count) bytes against \(expected.count), first different at offset "
            + "\(common) (DUT \(theirs.isEmpty ? "end" : Hex.encode(theirs)), tag "
            + "\(ours.isEmpty ? "end" : Hex.encode(ours)))"
    }

    /// Records in words: `2 records: wellKnown "U" 20 bytes, media "application/json" 41
    /// bytes`.
    static func describe(_ records: [NDEFRecord]) -> String {
        guard !records.isEmpty else { return "no records" }
        let shown = records.prefix(4).map { record in
            let type = record.type.isEmpty ? "" : " \"\(record.typeName)\""
            let id = record.identifier.isEmpty ? "" : " id \(Hex.encode(record.identifier))"
            return "\(record.typeNameFormat.name)\(type)\(id) \(record.payload.count) bytes"
        }
        let more = records.count > 4 ? ", …" : ""
        return "\(records.count) record\(records.count == 1 ? "" : "s"): "
            + shown.joined(separator: ", ") + more
    }
}
