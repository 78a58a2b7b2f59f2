import Rig

extension ConformanceCatalog {
    /// The faults of the host's own ISO-DEP, of the Type 4 layout procedures and of what the
    /// ISO 7816 session reports (issue 32), with the cases each fails.
    static let isoDEPFaultCatches: [FaultCatch] = [
        // The host's own ISO-DEP, each broken in one way. Only the cards whose frames are
        // smaller than the commands written see a chained command.
        FaultCatch(
            fault: "chains-within-fsc-minus-1",
            reader: "runs ISO-DEP itself and chains commands in parts of FSC − 1 INF bytes, the "
                + "CRC_A not counted, so every part is 2 bytes too long for the card (nfcpy "
                + "before nfcpy/nfcpy#211, issue nfcpy/nfcpy#210)",
            fails: [
                "ISODEP-E-011", "ISODEP-E-012", "ISODEP-E-013", "ISODEP-E-023", "ISODEP-E-024",
                "ISODEP-E-027",
            ]),
        // Every answer longer than the reader's frames (FSD 256): READ BINARY pieces of 255
        // bytes and more, the long APDUs of iso7816.
        FaultCatch(
            fault: "ignores-answer-chaining",
            reader: "runs ISO-DEP itself and takes the first part of a card's chained answer for "
                + "the whole answer, never asking for the rest with R(ACK) "
                + "(RfidResearchGroup/ChameleonUltra#485: the reader tested the wrong PCB bit)",
            fails: [
                "NDEF-R-013", "NDEF-W-015", "ISODEP-E-010", "ISODEP-E-021", "ISODEP-E-022",
                "ISODEP-E-034", "ISODEP-E-035", "ISODEP-E-036",
                "T4T-L-012",
                "T4T-L-014",
                "T4T-L-017",
                "T4T-L-027", "T4T-L-028", "T4T-L-029", "T4T-L-030", "T4T-L-031", "T4T-L-032",
                "ISO7816-005", "ISO7816-006", "ISO7816-007", "ISO7816-008",
                "LAT-006", "LAT-007", "LAT-008", "LAT-017", "LAT-018",
            ]),
        FaultCatch(
            fault: "ignores-sfgi",
            reader: "activates ISO-DEP itself (RATS over InCommunicateThru, as nfcpy does) and "
                + "sends its first block right after the ATS, without the start-up frame guard "
                + "time SFGI asks for (nfcpy 1.0.4)",
            fails: ["ISODEP-E-014", "ISODEP-E-025"]),
        FaultCatch(
            fault: "fixed-ats-offsets",
            reader: "runs ISO-DEP itself and reads FSCI and FWI at fixed offsets of the ATS, so "
                + "an ATS without interface bytes is an error and one without TA(1) has its FWI "
                + "read from the byte after TB(1) (nfcpy 1.0.4's tt4.py reads rats_res[3], and "
                + "raises IndexError when the ATS is shorter)",
            fails: ["ISODEP-E-013", "ISODEP-E-037"]),
        FaultCatch(
            fault: "grants-any-wtxm",
            reader: "runs ISO-DEP itself and grants S(WTX) whatever its WTXM, 0 and 60–63 too, "
                + "echoing it (nfcpy 1.0.4's tt4.py)",
            fails: ["ISODEP-E-017", "ISODEP-E-018"]),
        // ISODEP-E-009's card answers S(DESELECT) after 20 ms, past the 5.3 ms a reader waits
        // for the answer (FWT_DEACTIVATION, plus ΔFWT): this reader gives up there too.
        FaultCatch(
            fault: "needs-deselect-answer",
            reader: "deselects each ISO-DEP card it counts with its own S(DESELECT) and gives the "
                + "poll up when none comes back, as Android did with a card emulation that "
                + "ignored S(DESELECT) (dev-zzo/ChameleonMini#10)",
            fails: ["ISODEP-E-008", "ISODEP-E-009"]),
        FaultCatch(
            fault: "no-retry-at-long-fwt",
            reader: "runs ISO-DEP itself and asks for a lost or damaged answer again only "
                + "min(int(1/FWT), 5) times, so never from a card of FWT 1 s or more (FWI 12 "
                + "to 14): nfcpy 1.0.4's tt4.py, n_retry_nak = min(int(1/fwt), 5)",
            fails: ["ISODEP-E-029", "ISODEP-E-030", "ISODEP-E-031", "ISODEP-E-035", "ISODEP-E-038"]),
        FaultCatch(
            fault: "no-retry-after-wtx",
            reader: "runs ISO-DEP itself and gives up, without R(NAK), when the answer after a "
                + "granted S(WTX) is lost: nfcpy 1.0.4's tt4.py waits for it outside its retry "
                + "loop",
            fails: ["ISODEP-E-032", "ISODEP-E-033", "ISODEP-E-038"]),
        FaultCatch(
            fault: "wtx-in-chain-as-data",
            reader: "runs ISO-DEP itself and takes an S(WTX) the card sends between the parts of "
                + "a chained answer for a part: its WTXM byte goes into the data and the next "
                + "part is asked for with R(ACK), the request never granted (nfcpy 1.0.4's "
                + "tt4.py:143-175 tests only the chaining bit, which S(WTX)'s PCB F2 has too)",
            fails: ["ISODEP-E-036"]),
        FaultCatch(
            fault: "uncapped-wtx-wait",
            reader: "runs ISO-DEP itself and, after granting S(WTX), waits FWT × WTXM however "
                + "long, not capped at FWTmax (the FWT of FWI 14, about 4.95 s), so a card of "
                + "FWI 14 asking WTXM 59 is waited for 292 s before R(NAK) (nfcpy 1.0.4's "
                + "tt4.py:123)",
            fails: ["ISODEP-E-038"]),
        // The Type 4 layout procedures: each fails the t4t-layout tags whose layout the bug
        // breaks on, and the ndef-read and ndef-write cases on the same layouts.
        FaultCatch(
            fault: "no-version1-fallback",
            reader: "SELECTs only the mapping 2.0 NDEF application name, never the 1.0 name after "
                + "6A82",
            fails: ["T4T-L-001", "T4T-L-002"]),
        FaultCatch(
            fault: "exact-mapping-version",
            reader: "takes a CC for NDEF only with mapping 1.0, 2.0 or 3.0 exactly, so an unknown "
                + "minor version (2.1) is not NDEF",
            fails: ["T4T-L-004"]),
        FaultCatch(
            fault: "ignores-cclen",
            reader: "reads the CC's fields at their offsets whatever CCLEN says, so CCLEN 000E or "
                + "FFFF (RFU) passes for a valid CC",
            fails: ["T4T-L-008", "T4T-L-009", "T4T-L-033"]),
        FaultCatch(
            fault: "ignores-mle",
            reader: "asks every READ BINARY for up to 255 bytes (Le FF), whatever MLe says",
            fails: ["NDEF-R-015", "NDEF-W-016", "T4T-L-010", "T4T-L-011"]),
        FaultCatch(
            fault: "ignores-mlc",
            reader: "sends every UPDATE BINARY with up to 255 bytes, whatever MLc says",
            fails: ["NDEF-W-015", "T4T-L-013", "T4T-L-014"]),
        // T4T-L-018's and T4T-L-034's file ends before the first piece does: nothing was read,
        // and the reader reports an empty tag (zeroLengthMessage) where an error is due.
        FaultCatch(
            fault: "partial-message-on-error",
            reader: "ends a read at the first READ BINARY the tag refuses and hands on the bytes "
                + "read so far as the message",
            fails: ["T4T-L-018", "T4T-L-034", "T4T-L-035"]),
        FaultCatch(
            fault: "reads-past-zero-length",
            reader: "takes NLEN (ENLEN) 0 for a length the tag did not give and reads a whole "
                + "piece of MLe bytes after it as the message",
            fails: ["NDEF-R-020", "NDEF-W-013", "T4T-L-019", "T4T-L-020"]),
        FaultCatch(
            fault: "ignores-ndef-select-status",
            reader: "never checks the status word of the NDEF file's SELECT, so a tag without the "
                + "file is read from the file still selected, the CC",
            fails: ["T4T-L-021"]),
        FaultCatch(
            fault: "assumes-ndef-file-e104",
            reader: "SELECTs the NDEF file as E104 instead of by the ID the CC names "
                + "(project-chip/connectedhomeip#71632)",
            fails: ["T4T-L-022"]),
        FaultCatch(
            fault: "write-access-as-read-access",
            reader: "takes the NDEF File Control TLV's read access one byte too far, from the "
                + "write access, so a read-only or proprietary-write tag is not readable",
            fails: [
                "NDEF-R-016", "NDEF-W-009", "T4T-L-023", "T4T-L-024", "T4T-L-025", "T4T-L-026",
                "T4T-L-036",
            ]),
        FaultCatch(
            fault: "no-offset-data-object",
            reader: "reads with offsets in P1-P2 only (B0), never in an offset data object (B1), "
                + "so a message past offset 7FFF cannot be read (nfcpy 1.0.4)",
            fails: ["T4T-L-031"]),
        FaultCatch(
            fault: "read-error-as-no-ndef",
            reader: "reports a Type 4 read that fails on the tag as no NDEF (status notSupported) "
                + "instead of a read error, as nfcpy's tag.ndef does (tt4.py _read_ndef_data); "
                + "only CoreNFC's contract asks for the error, so it fails under `corenfc`",
            fails: ["ISODEP-E-021", "ISODEP-E-022"], profile: .coreNFC),
        // nfcpy 1.0.4's CC read passes T4T-L-009 for the 6700 its over-long read gets, and
        // T4T-L-033, whose tag answers that read 9000, shows it never checked CCLEN.
        FaultCatch(
            fault: "cc-read-by-cclen",
            reader: "reads the CC as nfcpy 1.0.4 does (tt4.py _discover_ndef): CCLEN, then "
                + "min(CCLEN - 2, 15) bytes, never checking CCLEN; a refused CC read means no NDEF",
            fails: ["T4T-L-033"]),
        FaultCatch(
            fault: "short-answer-ends-read",
            reader: "takes a READ BINARY answered 9000 with fewer bytes than asked for the file's "
                + "end, and hands on the bytes so far as the message",
            fails: ["T4T-L-034", "T4T-L-035"]),
        FaultCatch(
            fault: "loops-on-empty-read",
            reader: "reads the message as nfcpy 1.0.4 does (tt4.py _read_ndef_data: while "
                + "len(data) < nlen), taking each READ BINARY's answer as it comes, so a tag that "
                + "answers 9000 with no data is asked again for as long as it does",
            fails: ["T4T-L-035"]),
        FaultCatch(
            fault: "ignores-read-access",
            reader: "never looks at the NDEF File Control TLV's read access and reads a file the "
                + "CC grants no reading (FF), as nfcpy 1.0.4 does (tt4.py records _readable, "
                + "its read path never consults it)",
            fails: ["T4T-L-036"]),
        // What the ISO 7816 session reports at discovery.
        FaultCatch(
            fault: "selects-every-aid",
            reader: "SELECTs every registered AID, with no break after the first the card "
                + "answers, and reports the last one answered",
            fails: ["ISO7816-001"]),
        FaultCatch(
            fault: "fci-as-application-data",
            reader: "reports the discovery SELECT's FCI as the application data of a Type A "
                + "card, where CoreNFC's applicationData is the Type B ATQB's and nil on Type A",
            fails: ["ISO7816-014"]),
        FaultCatch(
            fault: "historical-bytes-after-t0",
            reader: "takes the historical bytes to start right after T0, so TA(1), TB(1) and "
                + "TC(1) are reported among them",
            fails: ["ISO7816-015"]),
    ]
}
