import NDEF
import Rig
import TagEmulation
import TagFormat

/// `ndef-write`: the DUT writes what it is given and it reads back the same; the RF side
/// sees a tearing-safe order and pieces of at most MLc; read-only and too-small tags are
/// refused with the tag left as it was; a zero-length message empties the tag; a tag without
/// the NDEF application is refused.
enum NDEFWriteSuite: ConformanceSuite {
    static let name = "ndef-write"
    static let judgedUnder: Set<ReaderProfile> = [.nfcForum, .coreNFC]
    static let notJudged = ProfileExpectations.noNDEFMapping

    /// What the suite checks and how it is judged, for the catalogue.
    static let about = [
        "Writes to Type 4 tags (mapping 2.0 and 3.0) and Type 2 tags: one record and three, "
            + "the order of the writes, refusals, and writes longer than MLc.",
        "A write passes when the tag holds the message afterwards, by the writes the emulator "
            + "accepted, and the DUT then reads back what the tag holds, with a READ reaching the "
            + "tag after the write. The tearing cases replay the writes the tag saw: every write "
            + "sequence cut short must leave the old message, none, or the new one, which is "
            + "what zeroing the length field first and writing it last gives. A refusal passes "
            + "only with CoreNFC's error name (`tagNotWritable`, `tagSizeTooSmall`) and the tag "
            + "unchanged, after the DUT read the CC that says so. A zero-length message is the "
            + "NFC Forum mappings' INITIALIZED state (NLEN 0000h, an NDEF TLV of length 0): "
            + "under `nfc-forum` the DUT must write it and then read the tag as empty; Apple "
            + "documents no outcome for it, so `corenfc` does not judge it. A Type 4 tag without "
            + "the NDEF Tag Application must be refused after its SELECT was refused, with "
            + "nothing sent to it after (iOS's 102 or nfcrig's `ndefNotSupported`). A read back "
            + "passes only when the tag served the whole new message on the air after the "
            + "write.",
        "Measurements: `timeToDetect`, `writeTime` (each write), `apduTime` (the write time "
            + "divided by the UPDATE BINARY or WRITE commands the tag received) and "
            + "`readTime.<size>` (the reads back).",
    ]

    /// What the tags hold before a write.
    static let old = Fixtures.encode([Fixtures.uri("https://example.com/old")])
    /// What most cases write.
    static let new = Fixtures.encode([Fixtures.uri("https://example.com/products?id=42")])

    static var cases: [ConformanceCase] {
        let multi = Fixtures.encode([
            Fixtures.uri("https://example.com/products?id=42"), Fixtures.text("Espresso"),
            Fixtures.json(Fixtures.favoriteJSON),
        ])
        let type2Capacity = Fixtures.type2Capacity(dataAreaSize: 144)
        let threeRecords =
            "NFC Forum NDEF 1.0 §2.3.1 (Message): a message of several records (URI, Text, JSON "
            + "media), MB set on the first and ME on the last, is written and read back whole"
        let readOnly =
            "Apple's CoreNFC documentation (NFCReaderError.Code, developer.apple.com/"
            + "documentation/corenfc/nfcreadererror-swift.struct/code): a write to a read-only "
            + "tag is refused with ndefReaderSessionErrorTagNotWritable; that it leaves the tag "
            + "as it was follows from the NFC Forum rule below: a READ-ONLY tag is not written"
        let tooSmall =
            "Apple's CoreNFC documentation (NFCReaderError.Code, developer.apple.com/"
            + "documentation/corenfc/nfcreadererror-swift.struct/code; NFCError.h: \"NDEF tag "
            + "memory size is too small to store the desired data\"): a message longer than the "
            + "tag's capacity is refused with ndefReaderSessionErrorTagSizeTooSmall; that the tag "
            + "is left as it was is nfcrig's rule: a refused write must not destroy the old "
            + "message"
        return [
            roundTripCase(
                "NDEF-W-001", "writes a URI record to a Type 4 tag (mapping 2.0) and reads it back",
                Fixtures.type4(old), new,
                rule: "NFC Forum T4T 2.0 §5.4.7 (NDEF Update Procedure) and §5.4.6 (NDEF Read "
                    + "Procedure): the message written with UPDATE BINARY reads back the same"),
            roundTripCase(
                "NDEF-W-002",
                "writes a URI record to a Type 4 tag (mapping 3.0, ENLEN) and reads it back",
                Fixtures.type4(old, mapping: CapabilityContainer.version3), new,
                rule: "NFC Forum T4T 3.0 §5.5.7 (NDEF Update Procedure): the message goes into "
                    + "the ENDEF file after its 4-byte ENLEN, and reads back the same"),
            roundTripCase(
                "NDEF-W-003", "writes a URI record to a Type 2 tag and reads it back",
                Fixtures.type2(old), new,
                rule: "NFC Forum T2T 1.1 §6.4.3 (NDEF Write Procedure): the message goes into the "
                    + "NDEF Message TLV with 4-byte WRITEs, and reads back the same"),
            roundTripCase(
                "NDEF-W-004", "writes three records to a Type 4 tag and reads them back",
                Fixtures.type4(old), multi, rule: threeRecords),
            roundTripCase(
                "NDEF-W-005", "writes three records to a Type 2 tag and reads them back",
                Fixtures.type2(old), multi, rule: threeRecords),
            tearingCase(
                "NDEF-W-006",
                "writes to a Type 4 tag in the tearing-safe order (NLEN 0000, message, NLEN)",
                Fixtures.type4(old),
                rule: "NFC Forum T4T 2.0 §5.4.7 (NDEF Update Procedure): NLEN 0000 first, then "
                    + "the message from offset 2, NLEN last, so that a write cut anywhere leaves "
                    + "the old message, none, or the new one"),
            tearingCase(
                "NDEF-W-007",
                "writes to a Type 4 tag (mapping 3.0) in the tearing-safe order (ENLEN last)",
                Fixtures.type4(old, mapping: CapabilityContainer.version3),
                rule: "NFC Forum T4T 3.0 §5.5.7 (NDEF Update Procedure): ENLEN 00000000 first, "
                    + "then the message, ENLEN last"),
            tearingCase(
                "NDEF-W-008",
                "writes to a Type 2 tag in the tearing-safe order (TLV length 00, message, length)",
                Fixtures.type2(old),
                rule: "NFC Forum T2T 1.1 §6.4.3 (NDEF Write Procedure): the NDEF Message TLV's "
                    + "length 00 first, then the message, the length last"),
            refusalCase(
                "NDEF-W-009", "refuses to write to a read-only Type 4 tag",
                Fixtures.type4(old, readOnly: true), new, expecting: "tagNotWritable",
                rule: readOnly + "; NFC Forum T4T 2.0 §5.3.3 (READ-ONLY State): write access FF"),
            refusalCase(
                "NDEF-W-010", "refuses to write to a read-only Type 2 tag",
                Fixtures.type2(old, readOnly: true), new, expecting: "tagNotWritable",
                rule: readOnly + "; NFC Forum T2T 1.1 §6.3.3 (READ-ONLY State): access byte 0F"),
            refusalCase(
                "NDEF-W-011", "refuses a message one byte larger than a Type 4 tag holds",
                Fixtures.type4(old, size: 0x0100), Fixtures.message(ofLength: 0x0100 - 1),
                expecting: "tagSizeTooSmall",
                rule: tooSmall + "; NFC Forum T4T 2.0 §5.2 (NDEF Storage): the NDEF file holds "
                    + "its maximum size less NLEN's 2 bytes of message"),
            refusalCase(
                "NDEF-W-012", "refuses a message one byte larger than a Type 2 tag holds",
                Fixtures.type2(old), Fixtures.message(ofLength: type2Capacity + 1),
                expecting: "tagSizeTooSmall",
                rule: tooSmall + "; NFC Forum T2T 1.1 §6.2 (NDEF Storage): the message and its "
                    + "TLV header fit the data area"),
            emptyingCase(
                "NDEF-W-013",
                "writes a zero-length message to a Type 4 tag as NLEN 0000h and reads it back empty",
                Fixtures.type4(old),
                rule: "NFC Forum T4T 2.0, NDEF Update Procedure and the INITIALIZED state (an NDEF "
                    + "file whose NLEN is 0000h; clause numbers not checked): emptying a tag is "
                    + "a write of length 0, as ST's RFAL does (ndefT4TPollerWriteRawMessage with "
                    + "length 0; a vendor's library, cited as an example, not as the rule)"),
            emptyingCase(
                "NDEF-W-014",
                "writes a zero-length message to a Type 2 tag as an empty NDEF TLV and reads it "
                    + "back empty",
                Fixtures.type2(old),
                rule: "NFC Forum T2T 1.1, NDEF Write Procedure and the INITIALIZED state (an "
                    + "NDEF Message TLV whose length is 00h; clause numbers not checked)"),
            mlcCase(),
            mleCase(),
            unformattedCase(),
        ]
    }

    /// Writes `message`, checks the tag holds it (RF side), then reads it back (DUT side);
    /// `check` adds a verdict on what the tag saw.
    static func roundTripCase(
        _ id: String, _ title: String, _ setup: TagSetup, _ message: [UInt8], rule: String,
        suite: String = name, check: (@Sendable (CaseContext) async -> RepetitionOutcome)? = nil
    ) -> ConformanceCase {
        ConformanceCase(
            id: id, suite: suite, title: title, rule: rule, setup: "\(setup)",
            expectation:
                "writes the \(message.count)-byte message: afterwards the tag holds it, by "
                + "the writes it accepted; then reads it back whole, the tag serving every byte "
                + "on the air after the write"
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [setup])
                _ = try await CaseSteps.scan(context, expecting: 1)
                try await CaseSteps.write(context, message)
                let stored = try await RFObservations.tagHolds(context, message)
                guard stored.verdict == .pass else { return stored }
                let written = context.now
                let read = try await CaseSteps.read(
                    context, metric: CaseSteps.sizeBucket(message.count),
                    messageBytes: message.count)
                // The DUT may have laid the records out its own way: the read must give back
                // what the tag holds now.
                let holds = try await RFObservations.writeHistory(context).finalState.bytes ?? []
                let back = ReadJudgement.judge(read, stored: holds, .message)
                guard back.verdict == .pass else { return back }
                let reread = await RFObservations.messageReadOnAir(
                    context, since: written,
                    backing: "the DUT read back the message after the write")
                guard reread.verdict == .pass, let check else { return reread }
                return await check(context)
            }
        }
    }

    /// Replaces the old message with `new`; every cut of the write sequence must leave the
    /// old message, none, or the new one, and the last write the new one.
    static func tearingCase(_ id: String, _ title: String, _ setup: TagSetup, rule: String)
        -> ConformanceCase
    {
        ConformanceCase(
            id: id, suite: name, title: title, rule: rule, setup: "\(setup)",
            expectation: "writes the new message so that the tag, cut after any of the writes it "
                + "accepted, holds the old message, none or the new one (the length zeroed "
                + "first and written last), and the last write leaves the new one"
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [setup])
                _ = try await CaseSteps.scan(context, expecting: 1)
                try await CaseSteps.write(context, new)
                return try await RFObservations.tearingSafeWrite(context, of: new)
            }
        }
    }

    /// What NDEF-W-013/014 expect: the NFC Forum mappings define the empty tag, and Apple
    /// documents no outcome for writing one.
    static let emptying = ProfileExpectations(
        [
            .nfcForum: "writes it: the tag ends INITIALIZED (NLEN 0000h, or an NDEF Message TLV "
                + "of length 0), and a read then finds no message; refusing denies a write the "
                + "mapping defines"
        ],
        notJudged: "Apple documents no outcome for writing a message without records "
            + "(NFCNDEFMessage calls an empty array an empty message; "
            + "ndefReaderSessionErrorZeroLengthMessage is an error of reading), and ISO/IEC "
            + "14443 defines no NDEF")

    /// The DUT writes a message of no bytes: the tag must end INITIALIZED, its writes
    /// tearing-safe on the way, and the DUT's read must find it empty.
    static func emptyingCase(_ id: String, _ title: String, _ setup: TagSetup, rule: String)
        -> ConformanceCase
    {
        ConformanceCase(
            id: id, suite: name, title: title, rule: rule, setup: "\(setup)",
            expectations: emptying
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [setup])
                _ = try await CaseSteps.scan(context, expecting: 1)
                try await CaseSteps.write(context, [])
                let history = try await RFObservations.writeHistory(context)
                guard !history.writes.isEmpty else {
                    return .fail(
                        "the DUT said it wrote the zero-length message, but the tag received no "
                            + "write command; it still holds "
                            + RFObservations.describe(history.finalState))
                }
                guard case .empty = history.finalState else {
                    return .fail(
                        "expected the tag INITIALIZED (length 0) after the zero-length write, it "
                            + "holds \(RFObservations.describe(history.finalState)); "
                            + RFObservations.describeWrites(history))
                }
                return await NDEFReadSuite.readsNoMessage(context, since: context.now)
            }
        }
    }

    /// The DUT must refuse `message` with the CoreNFC error `name` and leave the tag as it
    /// was.
    static func refusalCase(
        _ id: String, _ title: String, _ setup: TagSetup, _ message: [UInt8],
        expecting errorName: String, rule: String, suite: String = name
    ) -> ConformanceCase {
        ConformanceCase(
            id: id, suite: suite, title: title, rule: rule, setup: "\(setup)",
            expectation: "refuses the write with \(errorName), after reading on the air the CC "
                + "that says why, and the tag accepts no write: it holds what it held"
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [setup])
                _ = try await CaseSteps.scan(context, expecting: 1)
                let refusal = await CaseSteps.refusedWrite(context, message, expecting: errorName)
                guard refusal.verdict == .pass else {
                    // What the tag saw is the evidence beside what the DUT said.
                    let history = try await RFObservations.writeHistory(context)
                    return RepetitionOutcome(
                        refusal.verdict,
                        refusal.message + "; " + RFObservations.describeWrites(history))
                }
                let unchanged = try await RFObservations.tagUnchanged(context)
                // A refusal for what the tag says (read-only, too small) is also what a DUT says
                // that never looked: the CC says both.
                guard unchanged.verdict == .pass else { return unchanged }
                return await RFObservations.capabilityContainerReadOnAir(
                    context, backing: "the DUT refused with \(errorName)")
            }
        }
    }

    /// A tag that is no NDEF tag at all: no write procedure applies, so the reader must refuse
    /// after finding the application missing, and send the tag nothing else.
    static func unformattedCase() -> ConformanceCase {
        let setup = Fixtures.type4([], formatted: false)
        let refusals = ["ndefNotSupported", "tagResponseError"]
        return ConformanceCase(
            id: "NDEF-W-017",
            suite: name,
            title: "refuses to write to a Type 4 tag without the NDEF Tag Application, sending it "
                + "no other command",
            rule: "NFC Forum T4T 2.0 §5.4.1 (NDEF Detection Procedure): a tag whose NDEF Tag "
                + "Application SELECT fails holds no NDEF, and the NDEF Update Procedure "
                + "(§5.4.7) applies only to a tag the detection found; no NFC Forum procedure "
                + "creates the application. Under corenfc: iOS refuses a write to a tag that is "
                + "not NDEF formatted with readerTransceiveErrorTagResponseError (102, \"Tag is "
                + "not NDEF formatted\"), as app developers report it; Apple's documentation "
                + "does not state it, so nfcrig's own ndefNotSupported is accepted as the same "
                + "refusal",
            setup: "\(setup)",
            expectations: .ndefMapping(
                "refuses with ndefNotSupported or tagResponseError after the NDEF Tag "
                    + "Application's SELECT was refused, and sends the tag nothing more")
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [setup])
                _ = try await CaseSteps.scan(context, expecting: 1)
                let refusal = await CaseSteps.refusedWrite(context, new, expectingOneOf: refusals)
                // Whether refused or not, the commands the tag saw are the evidence.
                let stopped = await RFObservations.stoppedAtMissingNDEFApplication(context)
                guard refusal.verdict == .pass else {
                    guard stopped.verdict != .pass else { return refusal }
                    return RepetitionOutcome(
                        refusal.verdict, refusal.message + "; " + stopped.message,
                        evidenceAt: stopped.evidenceAt)
                }
                return stopped
            }
        }
    }

    /// 512 bytes through MLc 32: every UPDATE BINARY carries at most 32 bytes.
    static func mlcCase() -> ConformanceCase {
        let message = Fixtures.message(ofLength: 512)
        return roundTripCase(
            "NDEF-W-015", "writes a message longer than MLc in pieces of at most MLc",
            Fixtures.type4(old, mlc: 0x20), message,
            rule: "NFC Forum T4T 2.0 §5.4.7 (NDEF Update Procedure): each UPDATE BINARY carries "
                + "at most MLc bytes, the CC's maximum C-APDU data size"
        ) { context in
            await RFObservations.updatesWithinMLc(context, mlc: 0x20)
        }
    }

    /// 1 KiB written, then read back through MLe 59 in pieces of at most MLe.
    static func mleCase() -> ConformanceCase {
        let message = Fixtures.message(ofLength: 1024)
        return roundTripCase(
            "NDEF-W-016",
            "writes a message longer than MLe and reads it back in pieces of at most MLe",
            Fixtures.type4(old, mle: 0x3B), message,
            rule: "NFC Forum T4T 2.0 §5.4.6 (NDEF Read Procedure): reading back what was "
                + "written, each READ BINARY asks for at most MLe bytes"
        ) { context in
            await RFObservations.readsWithinMLe(context, mle: 0x3B)
        }
    }
}
