import Rig

/// One deliberate fault of the reference reader (`--dut-fault`) and the cases that catch it.
/// `DUTFaultMatrixTests` runs the whole catalog with each fault and checks that exactly these
/// cases fail, so the catalogue (`nfcrig suites`) shows under each suite what is tested.
public struct FaultCatch: Sendable, Hashable, Encodable {
    /// The `--dut-fault` value.
    public var fault: String
    /// What the faulty reader does, and the stack that shipped the bug.
    public var reader: String
    /// The cases that fail with the fault, in every suite, in catalog order; every other
    /// case passes.
    public var fails: [String]
    /// The profile the cases are judged under: a fault that breaks only what one profile
    /// asks (CoreNFC's read error where nfcpy reports no NDEF) fails nothing under the
    /// others.
    public var profile: ReaderProfile = .nfcForum

    private enum CodingKeys: String, CodingKey { case fault, reader, fails, profile }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fault, forKey: .fault)
        try container.encode(reader, forKey: .reader)
        try container.encode(fails, forKey: .fails)
        try container.encode(profile.rawValue, forKey: .profile)
    }
}

extension ConformanceCatalog {
    /// Every fault of the reference reader with the cases it fails.
    public static let faultCatches: [FaultCatch] =
        earlierFaultCatches + isoDEPFaultCatches + readWriteFaultCatches
        + sessionFaultCatches

    /// The faults from before issue 32, when each was added with the suite that catches it.
    private static let earlierFaultCatches: [FaultCatch] = [
        FaultCatch(
            fault: "restart-delay=800ms",
            reader: "polls again 800 ms after a multi-tag detection, not 500 ms",
            fails: ["RESTART-001", "RESTART-002", "RESTART-004"]),
        // T4T-L-013 writes one byte per UPDATE BINARY (MLc 0001) and judges the order too.
        FaultCatch(
            fault: "unsafe-write-order",
            reader: "writes the length field first and the message after it, so a write cut "
                + "short leaves a corrupt message",
            fails: [
                "NDEF-W-006", "NDEF-W-007", "NDEF-W-008", "T4T-L-013", "LAT-009", "LAT-010",
                "LAT-011", "LAT-012", "LAT-013", "LAT-014",
            ]),
        FaultCatch(
            fault: "no-chunk-reassembly",
            reader: "hands the application each chunk of a chunked record as a record of its "
                + "own, as ndeflib does",
            fails: ["CHUNK-001", "CHUNK-002", "CHUNK-003", "CHUNK-004", "CHUNK-005", "CHUNK-006"]),
        // A reader that reads one of two tags resolved the collision, which NFC Forum Activity
        // allows (the multi-tag cases under nfc-forum pass it when it reads that tag whole);
        // it never reports several, so the sample app's restarts (corenfc) fail.
        FaultCatch(
            fault: "reads-multiple-tags",
            reader: "with two tags in the field, reads the one still selected instead of "
                + "reporting more than one, and so never restarts polling after one",
            fails: ["RESTART-001", "RESTART-002", "RESTART-004"]),
        FaultCatch(
            fault: "reports-cached-message",
            reader: "asked to read after reporting several tags, answers with the last message "
                + "it read, which no tag served on the air (an app showing a cached tag.ndef)",
            fails: ["MULTI-001", "MULTI-002", "MULTI-003", "MULTI-004", "MULTI-005"]),
        FaultCatch(
            fault: "first-record-not-first-uri",
            reader: "judges background dispatch by the message's first record instead of its "
                + "first URI record",
            fails: ["BG-011"]),
        // Every t2t-layout tag whose data area does not start with the NDEF TLV; the
        // Terminator first (T2T-L-017) is no NDEF to either reader.
        FaultCatch(
            fault: "first-tlv-only",
            reader: "takes only the data area's first TLV in Type 2 NDEF detection, so a tag "
                + "that starts with a Lock Control TLV (as NTAG21x ship), NULL padding or a "
                + "Proprietary TLV has no NDEF (somq/nfccard-tool#3)",
            fails: [
                "T2T-L-001", "T2T-L-002", "T2T-L-003", "T2T-L-004", "T2T-L-005", "T2T-L-006",
                "T2T-L-007", "T2T-L-008", "T2T-L-012", "T2T-L-013", "T2T-L-020", "T2T-L-021",
                "T2T-L-023", "T2T-L-024",
            ]),
        // The messages of 255 bytes or more; no other suite puts one on a Type 2 tag.
        FaultCatch(
            fault: "one-byte-tlv-length",
            reader: "reads a Type 2 NDEF TLV's length as one byte, so a 3-byte length (a "
                + "message of 255 bytes or more) gives FF and the wrong bytes "
                + "(esphome/esphome#18188)",
            fails: ["T2T-L-011", "T2T-L-012", "T2T-L-013", "LAT-004"]),
        // `ignores-lock-bits` fails no case since issue 33: with a CC of 00 and the lock bits
        // set (no state T2T 1.1 defines) a reader may report readWrite, as the CC says, and
        // the write it then tries is NAKed and reported failed, as T2T-L-022/023 require.
        // `blind-type2-write` stands for the bug those cases catch.
        FaultCatch(
            fault: "ignores-memory-control",
            reader: "jumps over lock bytes but not over the reserved bytes a Memory Control TLV "
                + "declares, reading and writing them as message bytes",
            fails: ["T2T-L-002", "T2T-L-004", "T2T-L-012", "T2T-L-024"]),
        // The host's own ISO-DEP in the chip's place: only the cases whose card asks for time
        // catch it. ISO7816-011's card asks for time too. Without retries (the next two), every
        // lost answer fails, and a card that left mid-answer is not asked again with R(ACK).
        FaultCatch(
            fault: "ignores-wtx",
            reader: "runs ISO-DEP itself (over InCommunicateThru, not the chip's "
                + "InDataExchange) and gives up on a card's first S(WTX) "
                + "(flipperdevices/flipperzero-firmware#3590)",
            fails: [
                "ISODEP-E-001", "ISODEP-E-002", "ISODEP-E-003", "ISODEP-E-004", "ISODEP-E-032",
                "ISODEP-E-033", "ISODEP-E-036", "ISODEP-E-038", "ISO7816-011",
            ]),
        FaultCatch(
            fault: "never-sends-rnak",
            reader: "runs ISO-DEP itself and fails when a card's answer is lost, late or "
                + "damaged instead of asking again with R(NAK)",
            fails: [
                "ISODEP-E-005", "ISODEP-E-006", "ISODEP-E-007", "ISODEP-E-019", "ISODEP-E-020",
                "ISODEP-E-021", "ISODEP-E-022", "ISODEP-E-029", "ISODEP-E-030", "ISODEP-E-031",
                "ISODEP-E-032", "ISODEP-E-033", "ISODEP-E-034", "ISODEP-E-035", "ISODEP-E-038",
            ]),
        FaultCatch(
            fault: "no-chip-recovery",
            reader: "keeps the chip's ISO-DEP but leaves its MaxRtyCOM at 00, as libnfc does, so "
                + "InDataExchange gives up at the first lost or damaged answer",
            fails: [
                "ISODEP-E-005", "ISODEP-E-006", "ISODEP-E-007", "ISODEP-E-019", "ISODEP-E-020",
                "ISODEP-E-021", "ISODEP-E-022", "ISODEP-E-029", "ISODEP-E-030", "ISODEP-E-031",
                "ISODEP-E-032", "ISODEP-E-033", "ISODEP-E-034", "ISODEP-E-035", "ISODEP-E-038",
            ]),
        // The Type 2 leniencies: each reads the one t2t-layout tag a reader must refuse for
        // the rule it breaks.
        FaultCatch(
            fault: "ignores-cc-version",
            reader: "reads a Type 2 tag of any CC major version as 1.x",
            fails: ["T2T-L-016"]),
        FaultCatch(
            fault: "reads-past-terminator",
            reader: "walks on past the Terminator TLV to an NDEF TLV after it",
            fails: ["T2T-L-017"]),
        FaultCatch(
            fault: "reads-past-data-area",
            reader: "takes an NDEF TLV's value from beyond the data area when its length says so",
            fails: ["T2T-L-018"]),
        FaultCatch(
            fault: "reads-tlv-header-past-data-area",
            reader: "checks only a TLV's tag byte against the data area's end and takes its length "
                + "bytes from beyond, as nfcpy 1.0.4 does (tt2.py _read_ndef_data, read_tlv)",
            fails: ["T2T-L-025", "T2T-L-026"]),
        FaultCatch(
            fault: "blind-type2-write",
            reader: "writes a Type 2 tag its CC grants writing without reading its lock bits and "
                + "never looks at a WRITE's answer, so a write the tag NAKed is reported done",
            fails: ["T2T-L-022", "T2T-L-023"]),
        // The Type 4 faults: only the t4t-layout case with the layout each bug breaks on
        // catches it; every other suite's tags are well-behaved.
        FaultCatch(
            fault: "select-without-le",
            reader: "sends the NDEF Tag Application SELECT (2.0 name) without Le (nfcpy before "
                + "nfcpy/nfcpy#168)",
            fails: ["T4T-L-003"]),
        FaultCatch(
            fault: "extended-cc-read",
            reader: "reads the CC's 15 bytes with an extended-length READ BINARY "
                + "(openwallet-foundation/multipaz#96, #166)",
            fails: ["T4T-L-032"]),
        FaultCatch(
            fault: "hardcoded-cc-size",
            reader: "reads the CC as 15 bytes (17 with an ENDEF File Control TLV) whatever "
                + "CCLEN says (hsanjuan/go-nfctype4#3)",
            fails: ["T4T-L-006", "T4T-L-007"]),
        FaultCatch(
            fault: "reads-past-file",
            reader: "trusts NLEN (ENLEN) over the NDEF file size the CC announces and reads past "
                + "the file",
            fails: ["T4T-L-015", "T4T-L-016"]),
        FaultCatch(
            fault: "rejects-proprietary-access",
            reader: "takes write access 80…FE for invalid, and the tag for not NDEF "
                + "(NXPNFCLinux/linux_libnfc-nci#33)",
            fails: ["T4T-L-023", "T4T-L-024", "T4T-L-025"]),
        FaultCatch(
            fault: "accepts-unknown-mapping",
            reader: "reads a mapping 4.0 CC as 2.0 instead of refusing the tag",
            fails: ["T4T-L-005"]),
        // The ISO 7816 session's faults. A reader that tries one AID finds neither the second
        // nor, on a card with none of its AIDs, tries them all; refusing extended lengths
        // fails every APDU that needs them (the 1000-byte answer's Le too).
        FaultCatch(
            fault: "no-aid-fallback",
            reader: "SELECTs only the first registered AID at discovery",
            fails: ["ISO7816-002", "ISO7816-003"]),
        FaultCatch(
            fault: "selects-any-aid",
            reader: "sends the card a SELECT of an AID outside the session's list instead of "
                + "failing it with a security violation",
            fails: ["ISO7816-004"]),
        FaultCatch(
            fault: "status-word-errors",
            reader: "turns an answer whose status word is not 9000 into a tag response error, "
                + "as nfcpy's send_apdu does unless told check_status=False",
            fails: ["ISO7816-009", "ISO7816-010", "ISO7816-013"]),
        // Judged under the rig's default profile; under iso14443 a T=0 transport may fetch
        // the parts itself and the case passes.
        FaultCatch(
            fault: "automatic-get-response",
            reader: "answers 61XX with GET RESPONSE itself and joins the parts, as a T=0 "
                + "transport does (ISO/IEC 7816-3 §10.3.4); caught under nfc-forum and corenfc",
            fails: ["ISO7816-009"]),
        FaultCatch(
            fault: "short-apdus-only",
            reader: "refuses commands with extended length fields "
                + "(readerTransceiveErrorPacketTooLong), whatever the card takes",
            fails: ["ISO7816-006", "ISO7816-007", "ISO7816-008", "LAT-017", "LAT-018"]),
        FaultCatch(
            fault: "stale-answer-after-loss",
            reader: "hands back its last answer for a command to a card that left, instead of "
                + "an error",
            fails: ["ISO7816-012"]),
        // A command without Le asks for no data: the loopback answers 9000 alone. Commands
        // without Le (ISO7816-004's SELECT, 010's, 013's) go as they were.
        FaultCatch(
            fault: "zero-le-as-absent",
            reader: "sends a command whose Le is all zeros (00, or 0000 extended: the most the "
                + "card may answer) without Le, as code does that takes Ne 0 for no Le "
                + "(javax.smartcardio's CommandAPDU writes Le 00 only for ne 256)",
            fails: [
                "ISO7816-005", "ISO7816-006", "ISO7816-007", "ISO7816-008", "ISO7816-011",
                "ISO7816-012", "LAT-015", "LAT-016", "LAT-017", "LAT-018",
            ]),
    ]

    /// The faults that fail at least one case of `suite`, each with all it fails.
    public static func faultCatches(suite: String) -> [FaultCatch] {
        faultCatches(failingAnyOf: Set((cases(suite: suite) ?? []).map(\.id)))
    }

    /// The faults that fail at least one of the cases `ids`.
    static func faultCatches(failingAnyOf ids: Set<String>) -> [FaultCatch] {
        faultCatches.filter { $0.fails.contains(where: ids.contains) }
    }
}
