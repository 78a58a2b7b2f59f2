extension ConformanceCatalog {
    /// The faults of the NDEF read and write (`NDEFReaderFaults`) and of background dispatch
    /// (`BackgroundDispatchFaults`), issue 32, with the cases each fails across the catalogue.
    static let readWriteFaultCatches: [FaultCatch] = [
        FaultCatch(
            fault: "nlen-off-by-one",
            reader: "reads NLEN (ENLEN) − 1 bytes of a Type 4 tag's message, losing its last byte",
            fails: [
                "NDEF-R-001", "NDEF-R-002", "NDEF-R-004", "NDEF-R-006", "NDEF-R-007", "NDEF-R-008",
                "NDEF-R-009", "NDEF-R-010", "NDEF-R-011", "NDEF-R-012", "NDEF-R-013", "NDEF-R-015",
                "NDEF-R-016", "NDEF-R-019", "NDEF-W-001", "NDEF-W-002", "NDEF-W-004", "NDEF-W-015",
                "NDEF-W-016", "MULTI-001", "MULTI-003", "MULTI-005", "CHUNK-001", "CHUNK-003",
                "CHUNK-005", "CHUNK-007", "CHUNK-008", "CHUNK-009", "CHUNK-010", "BG-001", "BG-002",
                "BG-003", "BG-004", "BG-005", "BG-006", "BG-007",
                "BG-008", "BG-009", "BG-010", "BG-011", "BG-012", "BG-013", "BG-014",
                "ISODEP-E-001", "ISODEP-E-002", "ISODEP-E-003", "ISODEP-E-004", "ISODEP-E-005",
                "ISODEP-E-006", "ISODEP-E-007", "ISODEP-E-008", "ISODEP-E-009", "ISODEP-E-010",
                "ISODEP-E-011", "ISODEP-E-012", "ISODEP-E-013", "ISODEP-E-014", "ISODEP-E-015",
                "ISODEP-E-017", "ISODEP-E-018", "ISODEP-E-016", "ISODEP-E-019", "ISODEP-E-020",
                "ISODEP-E-021", "ISODEP-E-022", "ISODEP-E-023", "ISODEP-E-024", "ISODEP-E-025",
                "ISODEP-E-026", "ISODEP-E-027", "ISODEP-E-028", "ISODEP-E-029", "ISODEP-E-030",
                "ISODEP-E-031", "ISODEP-E-032", "ISODEP-E-033", "ISODEP-E-034", "ISODEP-E-035",
                "ISODEP-E-036", "ISODEP-E-037", "ISODEP-E-038", "T4T-L-001", "T4T-L-002",
                "T4T-L-003", "T4T-L-004", "T4T-L-005", "T4T-L-006", "T4T-L-007", "T4T-L-008",
                "T4T-L-009", "T4T-L-010", "T4T-L-011", "T4T-L-012", "T4T-L-013", "T4T-L-014",
                "T4T-L-015", "T4T-L-016", "T4T-L-017", "T4T-L-018", "T4T-L-021", "T4T-L-022",
                "T4T-L-023", "T4T-L-024", "T4T-L-026", "T4T-L-027", "T4T-L-028", "T4T-L-029",
                "T4T-L-030", "T4T-L-031", "T4T-L-032", "T4T-L-033", "T4T-L-034", "T4T-L-035",
                "T4T-L-036", "SESSION-001", "SESSION-003", "SESSION-005",
                "LAT-002", "LAT-005", "LAT-006", "LAT-007", "LAT-008",
            ]),
        FaultCatch(
            fault: "tlv-length-off-by-one",
            reader: "reads the NDEF TLV's length − 1 bytes of a Type 2 tag's message, losing its "
                + "last byte",
            fails: [
                "NDEF-R-003", "NDEF-R-005", "NDEF-R-014", "NDEF-R-017", "NDEF-W-003", "NDEF-W-005",
                "MULTI-002", "MULTI-004", "CHUNK-002", "CHUNK-004", "CHUNK-006", "T2T-L-001",
                "T2T-L-002", "T2T-L-003", "T2T-L-004", "T2T-L-005", "T2T-L-006", "T2T-L-007",
                "T2T-L-008", "T2T-L-009", "T2T-L-010", "T2T-L-011", "T2T-L-012", "T2T-L-013",
                "T2T-L-014", "T2T-L-015", "T2T-L-016", "T2T-L-017", "T2T-L-018", "T2T-L-019",
                "T2T-L-020", "T2T-L-021", "T2T-L-025", "T2T-L-026",
                "LAT-001", "LAT-003", "LAT-004",
            ]),
        FaultCatch(
            fault: "capacity-includes-length-field",
            reader: "reports as capacity the space the message shares with its length field "
                + "(a Type 4 file's maximum size, a Type 2 TLV with its T and L), and writes "
                + "by it",
            fails: [
                "NDEF-R-016", "NDEF-R-019", "NDEF-W-011", "NDEF-W-012", "T2T-L-021", "T4T-L-024",
            ]),
        FaultCatch(
            fault: "ignores-write-access",
            reader: "counts every NDEF tag writable, never looking at the CC's write access or "
                + "a Type 2 tag's lock bits, so it reports read-only tags readWrite and writes "
                + "to them",
            fails: [
                "NDEF-R-016", "NDEF-R-017", "NDEF-W-009", "NDEF-W-010", "T4T-L-024", "T4T-L-025",
            ]),
        FaultCatch(
            fault: "unformatted-as-empty",
            reader: "reports a Type 4 tag without the NDEF application as an empty read-write "
                + "tag, as Web NFC reads a tag not formatted (w3c-cg/web-nfc#367)",
            fails: ["NDEF-R-018"]),
        FaultCatch(
            fault: "writes-unformatted",
            reader: "writes to a Type 4 tag that refused the NDEF application's SELECT as if it "
                + "were a mapping 2.0 tag, selecting file E104h and zeroing its NLEN",
            fails: ["NDEF-W-017"]),
        FaultCatch(
            fault: "decodes-empty-message",
            reader: "hands an empty message to the decoder, so an empty tag is an invalid "
                + "message, not zeroLengthMessage (don/NDEF#64)",
            fails: [
                "NDEF-R-020", "NDEF-R-021", "NDEF-W-013", "NDEF-W-014", "T4T-L-019", "T4T-L-020",
            ]),
        FaultCatch(
            fault: "refuses-empty-message",
            reader: "refuses to write a message without records (zeroLengthMessage) where the "
                + "NFC Forum mappings define the write of length 0 that empties a tag",
            fails: ["NDEF-W-013", "NDEF-W-014"]),
        FaultCatch(
            fault: "skips-length-write",
            reader: "zeroes the length field and writes the message but never writes the new "
                + "length, leaving the tag empty",
            fails: [
                "NDEF-W-001", "NDEF-W-002", "NDEF-W-003", "NDEF-W-004", "NDEF-W-005", "NDEF-W-006",
                "NDEF-W-007", "NDEF-W-008", "NDEF-W-015", "NDEF-W-016", "ISODEP-E-011",
                "ISODEP-E-012", "ISODEP-E-013", "ISODEP-E-023", "ISODEP-E-024", "ISODEP-E-027",
                "T2T-L-024", "T4T-L-013", "T4T-L-014",
                "LAT-009", "LAT-010", "LAT-011", "LAT-012", "LAT-013", "LAT-014",
            ]),
        FaultCatch(
            fault: "relaxed-ndef-decoding",
            reader: "decodes a message that breaks NDEF's rules leniently and hands the "
                + "application what comes out, as nfcpy's tag.ndef.records does with ndeflib's "
                + "errors='relax'",
            fails: [
                "CHUNK-007", "CHUNK-008", "CHUNK-009", "CHUNK-010", "CHUNK-011",
            ]),
        FaultCatch(
            fault: "requires-terminator",
            reader: "insists on a Terminator TLV right after a Type 2 tag's NDEF TLV and sees "
                + "no message without one (dotnet/iot#2286)",
            fails: ["NDEF-R-014", "T2T-L-009", "T2T-L-010", "T2T-L-013", "LAT-004"]),
        FaultCatch(
            fault: "exact-cc-version",
            reader: "takes a Type 2 tag for NDEF only when its CC says version 1.0 exactly "
                + "(microsoft/NFC-Class-Extension-Driver#25, there for Type 1)",
            fails: ["T2T-L-014"]),
        FaultCatch(
            fault: "known-data-area-sizes",
            reader: "takes a Type 2 tag for NDEF only when its data area has the size of a "
                + "known tag: 48, 144, 496 or 872 bytes (RfidResearchGroup/proxmark3#3443)",
            fails: [
                "T2T-L-012", "T2T-L-015", "T2T-L-020", "T2T-L-021", "T2T-L-023", "LAT-004",
                "LAT-010",
            ]),
        FaultCatch(
            fault: "ignores-mle-mlc",
            reader: "reads a Type 4 tag in pieces of 256 bytes (Le 00) and writes it in pieces "
                + "of 255 whatever MLe and MLc say, as NFCPassportReader read with a fixed "
                + "maxDataLengthToRead of 256 (AndyQ/NFCPassportReader#89, #91)",
            fails: [
                "NDEF-R-013", "NDEF-R-015", "NDEF-W-015", "NDEF-W-016", "ISODEP-E-010",
                "ISODEP-E-021", "ISODEP-E-022", "ISODEP-E-034", "ISODEP-E-035", "ISODEP-E-036",
                "T4T-L-010",
                "T4T-L-011", "T4T-L-013", "T4T-L-014", "T4T-L-027", "T4T-L-028", "T4T-L-029",
                "T4T-L-030", "T4T-L-031", "T4T-L-032",
                "LAT-006", "LAT-007", "LAT-008",
            ]),
        FaultCatch(
            fault: "web-links-only",
            reader: "opens only http and https links, ignoring mailto, sms, tel, facetime and "
                + "X-HM, as martinpaljak/nfc4pc does while claiming Apple's behaviour",
            fails: ["BG-003", "BG-004", "BG-005", "BG-006", "BG-007", "BG-009"]),
        FaultCatch(
            fault: "dispatches-custom-schemes",
            reader: "opens the first URI record whatever its scheme, as Android dispatches a "
                + "tag's URI (home-assistant/android#876)",
            fails: ["BG-010", "BG-014"]),
        FaultCatch(
            fault: "ignores-smart-poster",
            reader: "looks at top-level URI records only, never into a Smart Poster "
                + "(flomio/flomio_drivers_ios#3)",
            fails: ["BG-013"]),
    ]
}
