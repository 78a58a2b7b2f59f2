import NDEF
import Rig
import TagEmulation
import TagFormat

/// `t4t-layout`: unusual and hostile Type 4 Tag layouts, where reader stacks shipped bugs
/// (issue 22). Each case names the rule it checks (the NFC Forum Type 4 Tag specification,
/// ISO/IEC 7816-4, or the stack bug it stands for) and what the reader must do: read the
/// right bytes, or refuse the tag with the right status or error and never misread it.
///
/// The expectations are the NFC Forum's, judged under the `nfc-forum` profile (the default)
/// and `corenfc` (CoreNFC reads NFC Forum tags by their mappings), not under `iso14443`,
/// which defines no NDEF mapping (`ProfileExpectations.ndefMapping`). Comments at cases say
/// where ISO/IEC 7816-4 or a stack would see the tag differently.
enum Type4LayoutSuite: ConformanceSuite {
    static let name = "t4t-layout"

    /// What the suite checks and how it is judged, for the catalogue.
    static let about = [
        "Unusual and hostile Type 4 layouts that real tags have and reader stacks shipped bugs "
            + "on: mapping 1.0, 2.1 and 4.0, a SELECT refused with or without Le, CCLEN 000E, "
            + "0017, 0019 and FFFF, MLe and MLc at their minimum and at odd values, NLEN past "
            + "the file or 0 over a stale message, a missing or renamed NDEF file, proprietary "
            + "write access, no read access, files of 8 to 64 KiB, a tag that takes short APDUs "
            + "only, a READ answered 9000 with no data. The reader "
            + "must read the tag's bytes, or refuse it with the right status or error and never "
            + "misread it.",
        "The RF side is the witness: each READ and UPDATE BINARY is judged with the file "
            + "selected when it came, so a \"not NDEF\" counts only after the DUT read the CC, "
            + "and a read past the NDEF file the CC announces fails the case whatever the DUT "
            + "reported. Refusal cases then present a good Type 4 tag, which the DUT must read.",
        "A refusal counts only for the reason its case is about. Where a reader could refuse "
            + "for another (a read the tag refuses 6700 for asking past a file's end, the file "
            + "still selected after a refused SELECT, an UPDATE BINARY the tag refuses 6982), "
            + "the case either judges that route on the RF side (T4T-L-018, 021, 025) or has a "
            + "variant whose tag answers the over-long READ BINARY with what it has and 9000 "
            + "(T4T-L-033 for CCLEN FFFF, T4T-L-034 for a file shorter than NLEN). T4T-L-035's "
            + "tag answers the READ from that file's end 9000 with no data: the reader must stop "
            + "after at most two such answers (the tag gives eight, then 6B00, so that a reader "
            + "that loops still ends). T4T-L-036's CC grants no read access (FF) while the tag "
            + "serves the file: only the CC's byte is left to refuse it for; proprietary read "
            + "access 80...FE is not judged (vendor stacks read on; no Forum text at hand).",
        "Profiles: the expectations are the NFC Forum's, judged under `nfc-forum` and "
            + "`corenfc` (CoreNFC reads NFC Forum tags by their mappings; Apple documents no "
            + "exception); `iso14443` skips the suite, since ISO/IEC 14443 and 7816-4 define no "
            + "NDEF mapping. Other references see some tags differently: a SELECT without Le is "
            + "a legal ISO/IEC 7816-4 command, AOSP refuses a mapping 2.0 NDEF file above 7FFF "
            + "bytes where T4T 2.0 takes up to FFFE, and what iOS reports for a proprietary write "
            + "access is not checked on an iPhone.",
        "`Rigs/sim.yaml` runs the suite; `Rigs/sim-usb.yaml` does not (the layouts live in the "
            + "emulated tag's application, not on USB, and the large-file reads would take some "
            + "16 s of air time over virtual USB).",
        "Measurements: `timeToDetect`, `readTime.<size>`, `readTime`, `writeTime` and "
            + "`apduTime`.",
    ]

    static let message = Fixtures.encode([Fixtures.uri("https://example.com/t4t-layout")])
    /// What a torn write (or a reader that emptied the tag) left behind NLEN 0000.
    static let stale = Fixtures.encode([Fixtures.uri("https://example.com/stale")])

    /// A common 2 KiB mapping 2.0 tag holding `content`, changed by `change`.
    static func tag(_ content: [UInt8] = message, _ change: (inout Type4Setup) -> Void = { _ in })
        -> Type4Setup
    {
        var setup = Type4Setup(content: content)
        change(&setup)
        return setup
    }

    /// A mapping 1.0 tag: it answers the 1.0 application name only (6A82 to the 2.0 one).
    static func mapping1(_ change: (inout Type4Setup) -> Void = { _ in }) -> Type4Setup {
        tag {
            $0.mappingVersion = 0x10
            $0.answersVersion2Application = false
            $0.answersVersion1Application = true
            change(&$0)
        }
    }

    /// A tag whose NDEF file of `size` bytes is full: its message is `size` less the length
    /// field.
    static func full(size: UInt32, mapping: UInt8) -> Type4Setup {
        let field = mapping >> 4 >= 3 ? NDEFFileLength.enlen : .nlen
        return tag(Fixtures.message(ofLength: Int(size) - field.size)) {
            $0.mappingVersion = mapping
            $0.maximumFileSize = size
        }
    }

    static var cases: [ConformanceCase] {
        versionCases + ccLengthCases + mleMlcCases + ndefFileCases + accessCases + sizeCases
            + routeCases + endAndReadAccessCases
    }

    /// Mapping versions and the NDEF application SELECT.
    static var versionCases: [ConformanceCase] {
        [
            readCase(
                "T4T-L-001", "reads a mapping 1.0 tag that answers only the 1.0 application name",
                mapping1(),
                rule: "NFC Forum T4T 1.0: NDEF Tag Application name D2760000850100, which "
                    + "readers try after the 2.0 name answers 6A82 (T4T 2.0 §5.5, Coexistence of "
                    + "Type 4 Tag Operation Version 1.0 and Version 2.0); Android's NFC stack "
                    + "(AOSP system/nfc, rw_t4t.cc) does so",
                expect: "the message byte for byte, found under the 1.0 name",
                rf: [
                    {
                        await RFObservations.applicationSelected(
                            $0, name: Type4Tag.ndefApplicationAIDVersion1)
                    }
                ]),
            // iso14443: ISO/IEC 7816-4 lets a SELECT carry Le or not; a card refusing either
            // is strict, not wrong, so that profile would expect the same read.
            readCase(
                "T4T-L-002", "reads a mapping 1.0 tag that refuses a SELECT carrying Le",
                mapping1 { $0.quirks.selectWithLe = .wrongLength },
                rule: "NFC Forum T4T 1.0: the NDEF Tag Application Select has no Le (clause "
                    + "number not checked; Android's NFC stack, AOSP rw_t4t.cc, sends it without "
                    + "one, and nfcpy's maintainer found older 1.0 cards stop answering with one: "
                    + "github.com/nfcpy/nfcpy/pull/168)",
                expect: "the message byte for byte: the 1.0 SELECT sent without Le",
                rf: [
                    {
                        await RFObservations.applicationSelected(
                            $0, name: Type4Tag.ndefApplicationAIDVersion1)
                    }
                ]),
            // iso14443: a SELECT without Le is a legal case 3 command of ISO/IEC 7816-4; that
            // profile would call the tag strict and still expect a reader to succeed by
            // sending Le, as the NFC Forum command has it. corenfc: not checked on an iPhone.
            readCase(
                "T4T-L-003",
                "reads a mapping 2.0 tag that refuses the application SELECT without Le",
                tag { $0.quirks.selectWithoutLe = .fileNotFound },
                rule: "NFC Forum T4T 2.0 §5.4.2 (NDEF Tag Application Select Procedure): the "
                    + "C-APDU carries Le 00 (a reader bug fix, github.com/nfcpy/nfcpy/pull/168: a "
                    + "Nordic nRF52 tag answers 6A82 without it)",
                expect: "the message byte for byte: the SELECT sent with Le"),
            // AOSP agrees (it compares major versions only); corenfc: not checked on an iPhone.
            readCase(
                "T4T-L-004", "reads a mapping 2.1 tag (a minor version it does not know) as 2.0",
                tag { $0.mappingVersion = 0x21 },
                rule: "NFC Forum T4T 2.0 §5.1.1 (Version Treatment): an unknown minor version of a "
                    + "known major version is read as that major version (Android's NFC stack, "
                    + "AOSP rw_t4t.cc, compares major versions only)",
                expect: "the message byte for byte"),
            // iso14443: ISO/IEC 14443 and 7816-4 know no NDEF mapping, so that profile has no
            // expectation here; corenfc: not checked on an iPhone. Accidental route: none; the
            // tag differs from the good tag read after it in the version byte alone, and answers
            // every command 9000.
            notNDEFCase(
                "T4T-L-005", "refuses a mapping 4.0 tag as not NDEF and never reads its NDEF file",
                tag { $0.quirks.announcedMappingVersion = 0x40 },
                rule: "NFC Forum T4T 2.0 §5.1.1 (Version Treatment): a major version above the "
                    + "reader's is not accessed (Android's NFC stack, AOSP rw_t4t.cc's "
                    + "rw_t4t_validate_cc_file, refuses a major version other than its own)",
                expect: "status notSupported after reading the CC; no READ BINARY of the NDEF "
                    + "file"),
        ]
    }

    /// CCLEN: more TLVs than the mandatory ones, and values the specification does not allow.
    static var ccLengthCases: [ConformanceCase] {
        let proprietary = ProprietaryFileControl().encoded()
        return [
            readCase(
                "T4T-L-006",
                "reads a mapping 2.0 tag whose CC also holds a proprietary file control "
                    + "(CCLEN 0017)",
                tag { $0.additionalCCTLVs = proprietary },
                rule: "NFC Forum T4T 2.0 §5.1 (NDEF Management, Table 4: the CC file) and "
                    + "§5.1.2 (TLV blocks): CCLEN 000F...FFFE, TLVs after the NDEF File Control "
                    + "TLV (a reader bug report, github.com/hsanjuan/go-nfctype4/issues/3: a "
                    + "23-byte CC did not decode)",
                expect: "the message byte for byte"),
            readCase(
                "T4T-L-007",
                "reads a mapping 3.0 tag whose CC also holds a proprietary file control "
                    + "(CCLEN 0019)",
                tag {
                    $0.mappingVersion = CapabilityContainer.version3
                    $0.additionalCCTLVs = proprietary
                },
                rule: "NFC Forum T4T 3.0, the CC's ENDEF File Control TLV (clause number not "
                    + "checked; Table 5 of T4T TS 1.0 as ST's NDEF library cites it): the ENDEF "
                    + "File Control TLV (17 bytes), then more TLVs up to CCLEN",
                expect: "the message byte for byte"),
            // Accidental route: none; a reader that reads CCLEN's 14 bytes (or 15) has them
            // answered 9000, so only CCLEN itself, or the NDEF File Control TLV it cuts short,
            // is left to refuse the tag for.
            notNDEFCase(
                "T4T-L-008", "refuses a tag whose CCLEN (000E) is below the minimum as not NDEF",
                tag { $0.quirks.announcedCCLength = 0x000E },
                rule: "NFC Forum T4T 2.0 §5.1 (NDEF Management, Table 4: the CC file): CCLEN "
                    + "0000...000E is RFU (Android's NFC stack, AOSP rw_t4t.cc's "
                    + "rw_t4t_validate_cc_file: \"CCLEN (%d) is too short\")",
                expect: "status notSupported after reading the CC; no READ BINARY of the NDEF "
                    + "file"),
            // Accidental route: a reader that reads the CC by CCLEN asks for more than the
            // 15-byte file holds, and this tag answers 6700: nfcpy 1.0.4 refuses it for that
            // alone, never checking CCLEN. T4T-L-033 takes the route away.
            notNDEFCase(
                "T4T-L-009", "refuses a tag whose CCLEN is FFFF (RFU) as not NDEF",
                tag { $0.quirks.announcedCCLength = 0xFFFF },
                rule: "NFC Forum T4T CC: CCLEN FFFF is RFU",
                expect: "status notSupported after reading the CC; no READ BINARY of the NDEF "
                    + "file"),
        ]
    }

    /// MLe and MLc at their minimum and at odd values.
    static var mleMlcCases: [ConformanceCase] {
        let longer = Fixtures.message(ofLength: 200)
        let written = Fixtures.encode([Fixtures.uri("https://example.com/mlc")])
        let writtenLong = Fixtures.message(ofLength: 300)
        let mlc1 = tag(stale) { $0.maximumCommandDataLength = 0x0001 }
        let mlc51 = tag(stale) { $0.maximumCommandDataLength = 0x0033 }
        return [
            readCase(
                "T4T-L-010", "reads through MLe 000F, the minimum, in pieces of at most 15 bytes",
                tag(longer) { $0.maximumResponseDataLength = 0x000F },
                rule: "NFC Forum T4T 2.0 §5.1 (NDEF Management, Table 4: the CC file): MLe "
                    + "000F...FFFF; §5.4.6 (NDEF Read Procedure): a READ BINARY's Le is at most MLe",
                expect: "the message byte for byte; every READ BINARY asks for at most 15 bytes",
                rf: [{ await RFObservations.readsWithinMLe($0, mle: 0x0F) }]),
            readCase(
                "T4T-L-011", "reads through an odd MLe (0035) in pieces of at most 53 bytes",
                tag(Fixtures.message(ofLength: 500)) { $0.maximumResponseDataLength = 0x0035 },
                rule: "NFC Forum T4T 2.0 §5.4.6 (NDEF Read Procedure): a READ BINARY's Le is at "
                    + "most MLe, the CC's maximum R-APDU data size",
                expect: "the message byte for byte; every READ BINARY asks for at most 53 bytes",
                rf: [{ await RFObservations.readsWithinMLe($0, mle: 0x35) }]),
            readCase(
                "T4T-L-012",
                "reads through MLe 0101, one above what a short Le asks (the tag takes "
                    + "extended APDUs)",
                tag(Fixtures.message(ofLength: 1000)) { $0.maximumResponseDataLength = 0x0101 },
                rule: "ISO/IEC 7816-4:2005 §5.1 (Command-response pairs): a short Le field asks "
                    + "for at most 256 bytes; NFC Forum T4T 2.0 §5.4.6 (NDEF Read Procedure): Le "
                    + "at most MLe",
                expect: "the message byte for byte; every READ BINARY asks for at most 257 bytes, "
                    + "short or extended",
                rf: [{ await RFObservations.readsWithinMLe($0, mle: 0x0101) }]),
            // AOSP refuses MLc below 000D in NFC Forum DTA mode only; the T4T minimum is 0001.
            described(
                NDEFWriteSuite.roundTripCase(
                    "T4T-L-013",
                    "writes through MLc 0001, the minimum, one byte per UPDATE BINARY",
                    .type4(mlc1), written,
                    rule: "NFC Forum T4T 2.0 §5.1 (NDEF Management, Table 4: the CC file): MLc "
                        + "0001...FFFF; §5.4.7 (NDEF Update Procedure): an UPDATE BINARY's Lc is "
                        + "at most MLc, and NLEN 0000 is written first and NLEN last",
                    suite: name
                ) { context in
                    await first(
                        [
                            { await RFObservations.updatesWithinMLc($0, mlc: 1) },
                            { context in
                                await CaseSteps.run { () async throws(CaseSteps.Stop) in
                                    try await RFObservations.tearingSafeWrite(context, of: written)
                                }
                            },
                        ], context)
                }, mlc1,
                expect: "the tag holds the message, written one byte per UPDATE BINARY in the "
                    + "tearing-safe order, and the DUT reads it back"),
            described(
                NDEFWriteSuite.roundTripCase(
                    "T4T-L-014",
                    "writes through an odd MLc (0033) in pieces of at most 51 bytes",
                    .type4(mlc51), writtenLong,
                    rule: "NFC Forum T4T 2.0 §5.4.7 (NDEF Update Procedure): an UPDATE BINARY's "
                        + "Lc is at most MLc, the CC's maximum C-APDU data size", suite: name
                ) { await RFObservations.updatesWithinMLc($0, mlc: 0x33) }, mlc51,
                expect: "the tag holds the message, written in pieces of at most 51 bytes, and "
                    + "the DUT reads it back"),
        ]
    }

    /// The refusal cases' variants that take away an accidental route to the refusal: the
    /// tag answers the read that could fail for another reason, so the only reason left to
    /// refuse is the case's subject (issue 33).
    static var routeCases: [ConformanceCase] {
        let cut = tag(Array(Fixtures.message(ofLength: 0x100).prefix(0x3E))) {
            $0.declaredMessageLength = 0x100
            $0.quirks.ndefFileSize = 0x40
            $0.quirks.answersShortReads = true
        }
        return [
            notNDEFCase(
                "T4T-L-033",
                "refuses a tag whose CCLEN is FFFF as not NDEF when the tag answers an over-long "
                    + "CC read with what it has and 9000",
                tag {
                    $0.quirks.announcedCCLength = 0xFFFF
                    $0.quirks.answersShortReads = true
                },
                rule: "NFC Forum T4T CC: CCLEN FFFF is RFU; ISO/IEC 7816-4 READ BINARY: a card "
                    + "may answer fewer bytes than Le asks (T4T-L-009 without the 6700 a reader "
                    + "reading the CC by CCLEN refuses for: nfcpy 1.0.4 tt4.py reads "
                    + "min(CCLEN - 2, 15) bytes and never checks CCLEN)",
                expect: "status notSupported after reading the CC, though every READ BINARY of "
                    + "it is answered 9000; no READ BINARY of the NDEF file"),
            brokenLengthCase(
                "T4T-L-034",
                "reports an error, not a cut message, when the NDEF file ends before NLEN does "
                    + "and the tag answers the over-long READ BINARY with what it has and 9000",
                cut, fileSize: nil, realSize: 0x40,
                rule: "NFC Forum T4T 2.0 §5.4.6 (NDEF Read Procedure): the message is NLEN bytes; "
                    + "ISO/IEC 7816-4 READ BINARY: a card may answer fewer bytes than Le asks, "
                    + "which is no message's end (T4T-L-018 without the 6700 a reader may stop "
                    + "for)",
                expect: "tagResponseError or status notSupported; never the 62 bytes that are "
                    + "there, though the READ BINARY that reaches them is answered 9000"),
        ]
    }
}
