import Rig
import TagEmulation
import TagFormat

/// `t4t-layout`'s NDEF file cases: length fields that lie or say nothing, a missing or
/// renamed file, access bytes, files from 8 to 64 KiB, a read that gets nothing, and a read
/// access the CC does not grant.
extension Type4LayoutSuite {
    /// NLEN against the file, NLEN 0, the file's ID and its absence.
    static var ndefFileCases: [ConformanceCase] {
        let head = Array(Fixtures.message(ofLength: 0x100).prefix(0x3E))
        let odd = Fixtures.message(ofLength: 0xFF)
        return [
            // AOSP ends NDEF detection there (not NDEF); a CoreNFC-shaped reader may find the
            // tag NDEF and fail the read instead: both refuse, and both are accepted.
            // Accidental route: a reader that trusts NLEN reads past the file and is refused
            // 6700 there; the RF side fails any READ past the file whatever the DUT reports.
            brokenLengthCase(
                "T4T-L-015",
                "refuses a tag whose NLEN (0100) exceeds its 64-byte NDEF file, reading nothing "
                    + "past the file",
                tag(head) {
                    $0.maximumFileSize = 0x40
                    $0.declaredMessageLength = 0x100
                }, fileSize: 0x40,
                rule: "NFC Forum T4T 2.0 §5.4.1 (NDEF Detection Procedure): NLEN at most the "
                    + "maximum NDEF file size less 2, or the tag is not in a valid state (Android's "
                    + "NFC stack, AOSP rw_t4t.cc: \"NLEN (%d) + 2 must be <= max file size\")",
                expect: "tagResponseError or status notSupported, no message; no READ BINARY "
                    + "past the file's 64 bytes"),
            brokenLengthCase(
                "T4T-L-016",
                "refuses a tag whose NLEN is one byte more than its NDEF file holds",
                tag(Array(Fixtures.message(ofLength: 0x7F).prefix(0x7E))) {
                    $0.maximumFileSize = 0x80
                    $0.declaredMessageLength = 0x7F
                }, fileSize: 0x80,
                rule: "NFC Forum T4T 2.0 §5.4.1 (NDEF Detection Procedure): NLEN at most the "
                    + "maximum NDEF file size less 2",
                expect: "tagResponseError or status notSupported, no message; no READ BINARY "
                    + "past the file's 128 bytes"),
            readCase(
                "T4T-L-017", "reads a message exactly filling an odd-sized NDEF file (0101 bytes)",
                tag(odd) { $0.maximumFileSize = 0x0101 },
                rule: "NFC Forum T4T 2.0 §5.2 (NDEF Storage): an NDEF file holds its maximum "
                    + "size less NLEN's 2 bytes",
                expect: "the message byte for byte; no READ BINARY past the file's 257 bytes",
                rf: [{ await RFObservations.staysInsideNDEFFile($0, size: 0x0101) }]),
            // The reader cannot know the file is shorter than the CC says: reading past its
            // real end is expected here, reporting a cut message is not. The refusal must rest
            // on the READ the tag refused; T4T-L-034 answers that READ 9000 instead, taking
            // away the route of a reader that stops only for the status word.
            brokenLengthCase(
                "T4T-L-018",
                "reports an error, not a cut message, when the NDEF file ends before NLEN does",
                tag(head) {
                    $0.declaredMessageLength = 0x100
                    $0.quirks.ndefFileSize = 0x40
                }, fileSize: nil, realSize: 0x40,
                rule: "ISO/IEC 7816-4:2005 §7.2.3 (READ BINARY command) and §5.1.3 (Status "
                    + "bytes): a read past the end of the file is refused (6B00, 6700); NFC Forum "
                    + "T4T 2.0 §5.4.6 (NDEF Read Procedure): the message is NLEN bytes",
                expect: "tagResponseError or status notSupported; never the 62 bytes that are "
                    + "there"),
            described(
                NDEFReadSuite.emptyCase(
                    "T4T-L-019", "reads NLEN 0000 as no message, not the stale message after it",
                    .type4(tag(stale) { $0.declaredMessageLength = 0 }),
                    rule: "NFC Forum T4T 2.0 §5.3.1 (INITIALIZED State): NLEN 0000, no NDEF "
                        + "message",
                    suite: name),
                tag(stale) { $0.declaredMessageLength = 0 },
                expect: "no message (zeroLengthMessage or an empty read), never the bytes after "
                    + "NLEN"),
            described(
                NDEFReadSuite.emptyCase(
                    "T4T-L-020",
                    "reads ENLEN 00000000 (mapping 3.0) as no message, not the stale message "
                        + "after it",
                    .type4(stale30),
                    rule: "NFC Forum T4T 3.0, the INITIALIZED state (clause number not checked): "
                        + "ENLEN 00000000",
                    suite: name),
                stale30,
                expect: "no message (zeroLengthMessage or an empty read), never the bytes after "
                    + "ENLEN"),
            // Accidental route: a reader that ignores the SELECT's 6A82 reads NLEN from the CC
            // still selected and is refused 6700 for the 15 bytes "NLEN" 000F asks; nfcpy
            // reports any failed read as no NDEF. The RF side fails any READ or UPDATE BINARY
            // after the refused SELECT.
            notNDEFCase(
                "T4T-L-021",
                "refuses a tag whose NDEF file is missing (its SELECT answers 6A82) as not NDEF",
                tag { $0.quirks.ndefFileMissing = true }, stopsAtRefusedNDEFSelect: true,
                rule: "NFC Forum T4T 2.0 §5.4.1 (NDEF Detection Procedure) and §5.4.5 (NDEF Select "
                    + "Procedure): the NDEF File Select must succeed, or the tag is not NDEF",
                expect: "status notSupported after reading the CC"),
            readCase(
                "T4T-L-022", "reads the NDEF file at the ID the CC names (E105), not at E104",
                tag { $0.ndefFileID = 0xE105 },
                rule: "NFC Forum T4T 2.0 §5.1.2.1 (NDEF File Control TLV, RQ_T4T_NDA_016): the "
                    + "TLV names the NDEF file's ID, any but the reserved ones (0000, E102, E103, "
                    + "3F00, 3FFF) and FFFF",
                expect: "the message byte for byte"),
        ]
    }

    static var stale30: Type4Setup {
        tag(stale) {
            $0.mappingVersion = CapabilityContainer.version3
            $0.declaredMessageLength = 0
        }
    }

    /// Write access bytes: proprietary 80...FE and FF.
    static var accessCases: [ConformanceCase] {
        let proprietary80 = tag { $0.writeAccess = 0x80 }
        let proprietaryFE = tag { $0.writeAccess = 0xFE }
        let rule =
            "NFC Forum T4T 2.0 §5.1.2.1 (NDEF File Control TLV): write access 80...FE is "
            + "proprietary, not invalid (a reader bug fix, github.com/NXPNFCLinux/"
            + "linux_libnfc-nci/pull/33: Android took it for invalid and found no NDEF)"
        return [
            readCase(
                "T4T-L-023", "reads a tag whose write access is proprietary (80)", proprietary80,
                rule: rule, expect: "the message byte for byte"),
            // corenfc: iOS's status for such a tag is not checked on an iPhone; readOnly is
            // what a reader without the proprietary means to write can honestly report.
            described(
                NDEFReadSuite.statusCase(
                    "T4T-L-024",
                    "reports a tag whose write access is proprietary (FE) as readOnly with its "
                        + "capacity",
                    .type4(proprietaryFE), rule: rule, status: .readOnly, capacity: 0x0800 - 2,
                    suite: name),
                proprietaryFE,
                expect: "status readOnly, capacity 2046: NDEF, not writable without the "
                    + "proprietary means"),
            // Accidental route: the tag refuses an UPDATE BINARY 6982, which a reader that
            // writes anyway may report as tagNotWritable; the RF side fails any UPDATE BINARY.
            described(
                checked(
                    NDEFWriteSuite.refusalCase(
                        "T4T-L-025",
                        "refuses to write to a tag whose write access is proprietary (80), the "
                            + "tag unchanged",
                        .type4(proprietary80), stale, expecting: "tagNotWritable", rule: rule,
                        suite: name)
                ) { await RFObservations.noUpdateBinary($0, writeAccess: 0x80) },
                proprietary80,
                expect: "tagNotWritable from the CC's write access: no UPDATE BINARY reaches the "
                    + "tag"),
            readCase(
                "T4T-L-026", "reads a read-only tag (write access FF)",
                tag { $0.readOnly = true },
                rule: "NFC Forum T4T 2.0 §5.1.2.1 (NDEF File Control TLV) and §5.3.3 (READ-ONLY "
                    + "State): write access FF is read-only; reading is unaffected",
                expect: "the message byte for byte"),
        ]
    }

    /// Messages over 255 bytes and NDEF files of 8, 32 and 64 KiB.
    static var sizeCases: [ConformanceCase] {
        let eight = full(size: 0x2000, mapping: CapabilityContainer.version2)
        let largest20 = full(size: 0x7FFF, mapping: CapabilityContainer.version2)
        let thirtyTwo = full(size: 0x8000, mapping: CapabilityContainer.version3)
        let sixtyFour = full(size: 0x1_0000, mapping: CapabilityContainer.version3)
        return [
            readCase(
                "T4T-L-027",
                "reads a 256-byte message, one record with a 4-byte payload length",
                tag(Fixtures.message(ofLength: 0x100)),
                rule: "NFC Forum NDEF 1.0 §3.2.4 (SR) and §3.2.9 (PAYLOAD_LENGTH): a record whose "
                    + "payload exceeds 255 bytes has SR clear and a 4-byte payload length; T4T 2.0 "
                    + "§5.2 (NDEF Storage): NLEN is 2 bytes (some readers report such messages as "
                    + "corrupt)",
                expect: "the message byte for byte"),
            readCase(
                "T4T-L-028", "reads a full 8 KiB NDEF file (mapping 2.0)", eight,
                rule: "NFC Forum T4T 2.0 §5.4.6 (NDEF Read Procedure): READ BINARY with the offset "
                    + "in P1-P2, in pieces of at most MLe",
                expect: "the message byte for byte; no READ BINARY past the file",
                rf: [{ await RFObservations.staysInsideNDEFFile($0, size: 0x2000) }]),
            // The references disagree above 7FFF: T4T 2.0's NDEF File Control TLV takes sizes
            // up to FFFE (nfcrig's CC decoder does), while AOSP refuses a 2.0 file above 7FFF
            // (openwallet-foundation/multipaz#95 reads 8000...FFFF as RFU). 7FFF is within
            // both; mapping 3.0's ENDEF file goes beyond.
            readCase(
                "T4T-L-029",
                "reads a full NDEF file of 7FFF bytes, the largest every mapping 2.0 reader takes",
                largest20,
                rule: "NFC Forum T4T 2.0 §4.2 (High Level Command Set: READ BINARY): offsets up "
                    + "to 7FFF in P1-P2; Android's NFC stack (AOSP rw_t4t.cc, "
                    + "rw_t4t_validate_cc_file) refuses a 2.0 NDEF file above 7FFF bytes",
                expect: "the message byte for byte; no READ BINARY past the file",
                rf: [{ await RFObservations.staysInsideNDEFFile($0, size: 0x7FFF) }]),
            readCase(
                "T4T-L-030", "reads a full 32 KiB ENDEF file (mapping 3.0, ENLEN)", thirtyTwo,
                rule: "NFC Forum T4T 3.0 §5.5.6 (NDEF Read Procedure): the ENDEF file and its "
                    + "4-byte ENLEN (files of 8000 bytes and more)",
                expect: "the message byte for byte; no READ BINARY past the file",
                rf: [{ await RFObservations.staysInsideNDEFFile($0, size: 0x8000) }]),
            readCase(
                "T4T-L-031",
                "reads a full 64 KiB ENDEF file, past offset 7FFF with READ BINARY B1",
                sixtyFour,
                rule: "NFC Forum T4T 3.0 §5.5.6 (NDEF Read Procedure) and its READ BINARY with "
                    + "an offset data object (clause number not checked): offsets above 7FFF "
                    + "travel in an offset data object (B1) (related reader bug: github.com/"
                    + "sonyxperiadev/bug_tracker/issues/53, cards that need extended-length APDUs "
                    + "unreadable)",
                expect: "the message byte for byte; no READ BINARY past the file",
                rf: [{ await RFObservations.staysInsideNDEFFile($0, size: 0x1_0000) }]),
            // iso14443: ISO/IEC 7816-4 agrees (a reader uses extended lengths only where the card
            // says it takes them); corenfc: not checked on an iPhone.
            readCase(
                "T4T-L-032",
                "reads a tag that takes short APDUs only, the CC with a short READ BINARY",
                tag(Fixtures.message(ofLength: 1000)) { $0.quirks.refusesExtendedLength = true },
                rule: "NFC Forum T4T TS 1.2 §5.3.1 (as quoted in github.com/openwallet-"
                    + "foundation/multipaz/pull/166; not checked in the specification): the CC is "
                    + "read with a short READ BINARY; ISO/IEC 7816-4:2005 §5.1 (Command-response "
                    + "pairs): extended lengths are a card's option (multipaz/pull/96)",
                expect: "the message byte for byte; no extended-length APDU",
                rf: [{ await RFObservations.onlyShortAPDUs($0) }]),
        ]
    }

    /// How many READ BINARYs of the NDEF file a reader may have answered 9000 with no data:
    /// the one that meets the file's end and one repeat, a retry.
    static let emptyReadsAllowed = 2

    /// A read that gets nothing must end (issue 33: nfcpy 1.0.4 loops on it), and a read
    /// access the CC does not grant keeps the reader out of the file.
    static var endAndReadAccessCases: [ConformanceCase] {
        let head = Array(Fixtures.message(ofLength: 0x100).prefix(0x3E))
        let empty = tag(head) {
            $0.declaredMessageLength = 0x100
            $0.quirks.ndefFileSize = 0x40
            $0.quirks.answersShortReads = true
            // Enough for a loop to show past `emptyReadsAllowed`, few enough to end one.
            $0.quirks.emptyReadsPastEnd = 8
        }
        return [
            // Accidental route: none to the error, which every reader that stops owes; the
            // case is about stopping, which the tag's log judges. The tag's 6B00 after its
            // eighth empty answer is the harness's guard, so that a reader that loops ends.
            brokenLengthCase(
                "T4T-L-035",
                "reports an error and stops when the NDEF file ends before NLEN does and the tag "
                    + "answers a READ BINARY from its end with 9000 and no data",
                empty, fileSize: nil, realSize: 0x40,
                rule: "NFC Forum T4T 2.0 §5.4.6 (NDEF Read Procedure): the message is NLEN bytes, "
                    + "read by READ BINARYs at rising offsets; ISO/IEC 7816-4:2005 §7.2.3 (READ "
                    + "BINARY command): a card may answer fewer bytes than Le asks, none at a "
                    + "file's end. A READ BINARY answered 9000 with no data moves the read on by "
                    + "nothing, so asking it again can get nothing more: nfcrig allows the read "
                    + "that meets the end and one repeat (a retry), and fails a reader that asks "
                    + "a third time (nfcpy 1.0.4 tt4.py _read_ndef_data asks for as long as the "
                    + "tag answers so)",
                expect: "tagResponseError or status notSupported, never a message, after at most "
                    + "\(emptyReadsAllowed) READ BINARYs of the file answered 9000 with no data",
                rf: [{ await RFObservations.stopsOnEmptyReads($0, allowed: emptyReadsAllowed) }]),
            // Accidental route: none; the tag serves its NDEF file to any READ BINARY (its
            // message is whole and valid), so only the CC's read access is left to refuse it
            // for. Proprietary read access 80...FE is not judged: ST's RFAL
            // (ndefT4TIsReadAccessGranted) and AOSP's rw_t4t.cc read such a tag on, and the
            // Forum's text on what a reader does with it was not at hand. corenfc: what iOS
            // reports for such a tag is not documented, so not NDEF and an error both pass.
            notNDEFCase(
                "T4T-L-036",
                "refuses a tag whose CC grants no read access (FF) to its NDEF file, reading "
                    + "nothing of the file though a valid message is there",
                tag { $0.quirks.announcedReadAccess = NDEFFileControl.accessDenied },
                orErrors: ["tagResponseError", "readerTransceiveErrorTagResponseError"],
                rule: "NFC Forum T4T TS 1.0 §7.2.1.7 and §7.2.1.8 (NDEF Detection Procedure: "
                    + "verify the NDEF file's read access, else conclude the procedure), as ST's "
                    + "RFAL ndef_t4t.c numbers them (the clause text not checked): read access 00h "
                    + "is granted, FFh grants none; Android's NFC stack (AOSP rw_t4t.cc, "
                    + "rw_t4t_validate_cc_file) refuses read access FFh "
                    + "(T4T_FC_NO_READ_ACCESS: \"Read Access (0x%02X) is invalid\")",
                expect: "status notSupported or an error, no message, after reading the CC; no "
                    + "READ BINARY of the NDEF file"),
        ]
    }
}
