import NDEF
import Rig
import TagFormat

/// `t2t-layout`: Type 2 Tag layouts where readers break. Control TLVs, NULL and proprietary
/// TLVs before the NDEF TLV, reserved and lock areas inside the message, 3-byte lengths, no
/// Terminator, a TLV that runs past the data area, CC versions, and lock bits set under a CC
/// that grants writing.
///
/// Rules are those of the NFC Forum Type 2 Tag Operation Specification 1.1 (T2T 1.1,
/// NFCForum-TS-Type-2-Tag_1.1): §2.1.2 static lock bytes, §2.2.1 reserved bytes, §2.2.2
/// dynamic lock bits, §2.3 TLV blocks (§2.3.1 NULL, §2.3.2 Lock Control, §2.3.3 Memory
/// Control, §2.3.4 NDEF Message, §2.3.5 Proprietary, §2.3.6 Terminator), §6.1.1 version
/// treating, §6.3.3 the READ-ONLY state, §6.4 the NDEF procedures. Later versions of the
/// specification renumber its sections, not these rules.
///
/// No case has a CC read access nibble other than 0: T2T 1.1's READ/WRITE and READ-ONLY states
/// both have it 0, so such a tag is in no state the specification defines, and the text that
/// would say what a reader does with a proprietary nibble (8...E) was not at hand; ST's RFAL
/// concludes NDEF detection there (`ndefT2TIsReadWriteAccessGranted`), vendor practice and not
/// a rule to judge by (issue 33).
///
/// Expectations are the NFC Forum's, judged under the `nfc-forum` profile (the default) and
/// `corenfc`. ISO/IEC 14443 defines the link, not the NDEF mapping, so the `iso14443`
/// profile skips every case. Comments at cases say where CoreNFC's reaction is undocumented.
enum Type2LayoutSuite: ConformanceSuite {
    static let name = "t2t-layout"

    /// What the suite checks and how it is judged, for the catalogue.
    static let about = [
        "Type 2 Tag layouts where readers break: Lock Control, Memory Control, NULL and "
            + "Proprietary TLVs before the NDEF TLV, reserved and lock bytes inside the message, "
            + "3-byte lengths, no Terminator, a TLV that runs past the data area or whose header "
            + "the data area's end cuts, CC versions, and lock bits set under a CC that grants "
            + "writing. The rules are "
            + "the NFC Forum Type 2 Tag Operation Specification 1.1's (T2T 1.1, "
            + "NFCForum-TS-Type-2-Tag_1.1); later versions renumber its sections, not these "
            + "rules.",
        "A read passes on the message byte for byte; the emulator is the witness for the rest: "
            + "a refusal counts only after the DUT tried the tag's NDEF, a read-only status or "
            + "tagNotWritable resting on lock bits only after it read the lock bytes, a write "
            + "error on a locked tag only after the tag NAKed a WRITE, and T2T-L-018 fails any "
            + "READ past the data area but the dynamic lock bytes' block (a reader that follows "
            + "the length there and is NAKed refuses for the wrong reason); T2T-L-025 and 026, "
            + "on a static-memory tag with no lock bytes after its data area, fail any READ "
            + "past it. No case has a CC read access other than 0: T2T 1.1 defines no state with "
            + "one, and nfcrig judges no reader by vendor practice there. Cases that refuse a "
            + "tag then present a good Type 2 tag, which the DUT must read. A write that fails "
            + "must leave the tag unchanged.",
        "Lock bits (T2T-L-019…023): T2T 1.1's READ-ONLY state is CC write access 0Fh together "
            + "with the lock bits set; these tags set the lock bits under a CC of 00, which is "
            + "no state it defines. The cases judge only what a rule requires: the tag is NDEF, "
            + "and a write is reported failed, never done, the tag unchanged. Treating the tag "
            + "as read-only from its lock bits is robustness, labelled so: it passes, and so "
            + "does readWrite as the CC says, or a write the tag NAKs and the DUT reports.",
        "Profiles: the expectations are the NFC Forum's, judged under `nfc-forum` and "
            + "`corenfc` (each case expects what its title says); ISO/IEC 14443 says nothing "
            + "of the NDEF mapping, so `iso14443` skips these cases. Where CoreNFC's behaviour "
            + "is not documented (CC version 2.0) the case assumes the NFC Forum's; an iPhone "
            + "must settle it. For lock bits its CC does not show, the `corenfc` expectation "
            + "asks only what Apple documents: a status of NDEF, a failed write reported as an "
            + "error.",
        "Measurements: `timeToDetect`, `readTime.<size>`, `readTime`, `writeTime` and "
            + "`apduTime`.",
    ]

    /// Short enough for any tag here.
    static let uri = Fixtures.encode([Fixtures.uri("https://example.com/t2t-layout")])
    /// 100 bytes: long enough to run across a reserved or lock area 24 bytes into the data.
    static let medium = Fixtures.message(ofLength: 100)
    /// The shortest message a 3-byte TLV length carries.
    static let threeByteLength = Fixtures.message(ofLength: 0xFF)

    /// Every case, each expecting its `expectation` (its title where it states none) under
    /// the profiles that judge an NFC Forum mapping (`ProfileExpectations.ndefMapping`).
    static var cases: [ConformanceCase] {
        (readCases + boundaryCases + refusalCases + lockCases + cutHeaderCases).map { item in
            var judged = item
            if judged.expectations == nil {
                judged.expectations = .ndefMapping(item.expectation ?? item.title)
            }
            return judged
        }
    }

    /// A layout on the default NTAG213-sized data area (144 bytes) unless given.
    static func tag(_ content: [UInt8], _ layout: Type2LayoutVariant) -> TagSetup {
        .type2(Type2Setup(layout: layout, content: content))
    }

    static func read(_ id: String, _ title: String, _ setup: TagSetup, rule: String)
        -> ConformanceCase
    {
        NDEFReadSuite.readCase(id, title, setup, rule: rule, suite: name)
    }
}
