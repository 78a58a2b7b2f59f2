/// Deliberate faults of the reference reader's NDEF read and write (issue 32), each one bug
/// of the kind reader stacks shipped, for the `ndef-read`, `ndef-write`, `chunked` and
/// `t2t-layout` cases to catch (`--dut-fault`). Each changes one place of the reader: the
/// Type 4 or Type 2 procedures, or the reader's own decoding and refusals.
public struct NDEFReaderFaults: ReaderFaultSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `nlen-off-by-one`: a Type 4 read asks for NLEN (ENLEN) − 1 bytes of message, so the
    /// message's last byte is lost.
    public static let nlenOffByOne = NDEFReaderFaults(rawValue: 1 << 0)
    /// `tlv-length-off-by-one`: a Type 2 read takes the NDEF TLV's length − 1 bytes of value,
    /// so the message's last byte is lost.
    public static let tlvLengthOffByOne = NDEFReaderFaults(rawValue: 1 << 1)
    /// `capacity-includes-length-field`: the capacity is the space the length field shares
    /// with the message (a Type 4 NDEF file's maximum size; a Type 2 TLV's T and L with its
    /// value), so it is 2 (or 4) bytes too large, and a message that does not fit is not
    /// refused as too large.
    public static let capacityIncludesLengthField = NDEFReaderFaults(rawValue: 1 << 2)
    /// `ignores-write-access`: every NDEF tag counts as writable: neither the CC's write
    /// access (Type 4 write access byte, Type 2 access nibble) nor a Type 2 tag's lock bits
    /// are looked at, so a read-only tag is reported read-write and written to.
    public static let ignoresWriteAccess = NDEFReaderFaults(rawValue: 1 << 3)
    /// `unformatted-as-empty`: a Type 4 tag without the NDEF application counts as an empty
    /// read-write tag, as Web NFC reports a tag not yet formatted (w3c-cg/web-nfc#367).
    public static let unformattedAsEmpty = NDEFReaderFaults(rawValue: 1 << 4)
    /// `decodes-empty-message`: a message of length 0 goes to the decoder instead of being
    /// reported as `zeroLengthMessage`, so an empty tag is an invalid message (don/NDEF#64:
    /// the message constructor called for a length of 0).
    public static let decodesEmptyMessage = NDEFReaderFaults(rawValue: 1 << 5)
    /// `refuses-empty-message`: a message without records is refused as
    /// `zeroLengthMessage` instead of written as a length of 0, the NFC Forum mappings'
    /// INITIALIZED state (which nfcpy's `tag.ndef.records = []` and ST's RFAL write).
    public static let refusesEmptyMessage = NDEFReaderFaults(rawValue: 1 << 6)
    /// `skips-length-write`: the tearing-safe write zeroes the length field and writes the
    /// message but never writes the new length, so the tag is left empty.
    public static let skipsLengthWrite = NDEFReaderFaults(rawValue: 1 << 7)
    /// `relaxed-ndef-decoding`: a message that breaks NDEF's rules is decoded leniently and
    /// the records that come out, a broken chunk sequence reassembled as it is, go to the
    /// application (nfcpy hands `tag.ndef.records` over from ndeflib's `errors='relax'`).
    public static let relaxedDecoding = NDEFReaderFaults(rawValue: 1 << 8)
    /// `requires-terminator`: a Type 2 read insists on a Terminator TLV right after the NDEF
    /// Message TLV and reports no message without one (dotnet/iot#2286, fixed by #2288).
    public static let requiresTerminator = NDEFReaderFaults(rawValue: 1 << 9)
    /// `exact-cc-version`: a Type 2 CC must announce version 1.0 exactly, so a later minor
    /// version is not NDEF (microsoft/NFC-Class-Extension-Driver#25, there for Type 1).
    public static let exactCCVersion = NDEFReaderFaults(rawValue: 1 << 10)
    /// `known-data-area-sizes`: a Type 2 data area must have the size of a known tag (48,
    /// 144, 496 or 872 bytes), so any other size is not NDEF (RfidResearchGroup/proxmark3#3443,
    /// grundid/nfctools#32).
    public static let knownDataAreaSizes = NDEFReaderFaults(rawValue: 1 << 11)
    /// `ignores-mle-mlc`: a Type 4 tag is read in pieces of 256 bytes (Le 00) and written in
    /// pieces of 255 whatever its CC's MLe and MLc say, as NFCPassportReader read with a
    /// fixed `maxDataLengthToRead` of 256 (AndyQ/NFCPassportReader#89, #91).
    public static let ignoresMLeMLc = NDEFReaderFaults(rawValue: 1 << 12)
    /// `writes-unformatted`: a write to a Type 4 tag that refused the NDEF application's
    /// SELECT goes on as if the tag were a mapping 2.0 one, selecting file E104h and writing
    /// NLEN 0000h to it, where a reader must stop: such a tag holds no NDEF to update.
    public static let writesUnformatted = NDEFReaderFaults(rawValue: 1 << 13)

    /// Every fault with its `--dut-fault` name, in the order `ReaderFaults.specs` lists them.
    public static let named: [(name: String, fault: NDEFReaderFaults)] = [
        ("nlen-off-by-one", .nlenOffByOne), ("tlv-length-off-by-one", .tlvLengthOffByOne),
        ("capacity-includes-length-field", .capacityIncludesLengthField),
        ("ignores-write-access", .ignoresWriteAccess),
        ("unformatted-as-empty", .unformattedAsEmpty),
        ("decodes-empty-message", .decodesEmptyMessage),
        ("refuses-empty-message", .refusesEmptyMessage), ("skips-length-write", .skipsLengthWrite),
        ("relaxed-ndef-decoding", .relaxedDecoding), ("requires-terminator", .requiresTerminator),
        ("exact-cc-version", .exactCCVersion), ("known-data-area-sizes", .knownDataAreaSizes),
        ("ignores-mle-mlc", .ignoresMLeMLc), ("writes-unformatted", .writesUnformatted),
    ]

    /// The Type 2 data area sizes of the tags a `known-data-area-sizes` reader knows:
    /// MIFARE Ultralight (48), NTAG213 (144), NTAG215 (496), NTAG216 (872).
    static let knownType2DataAreaSizes: Set<Int> = [48, 144, 496, 872]
}
