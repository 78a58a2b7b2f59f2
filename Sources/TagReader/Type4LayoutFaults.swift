/// Deliberate faults of the reference reader's Type 4 procedures (issue 32), each one bug of
/// the kind reader stacks shipped, for the `t4t-layout` cases to catch (`--dut-fault`): how
/// the reader finds the NDEF application and file, trusts the CC's fields, and reads NLEN.
public struct Type4LayoutFaults: ReaderFaultSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `no-version1-fallback`: only the mapping 2.0 application name is SELECTed; a tag that
    /// answers it 6A82 has no NDEF, even when it answers the 1.0 name.
    public static let noVersion1Fallback = Type4LayoutFaults(rawValue: 1 << 0)
    /// `exact-mapping-version`: a CC must announce mapping 1.0, 2.0 or 3.0 exactly, so a minor
    /// version the reader does not know (2.1) makes the tag not NDEF.
    public static let exactMappingVersion = Type4LayoutFaults(rawValue: 1 << 1)
    /// `ignores-cclen`: the CC's fields are read at their offsets whatever CCLEN says, so a CC
    /// whose CCLEN is below 000F or FFFF (RFU) is used as a valid one.
    public static let ignoresCCLength = Type4LayoutFaults(rawValue: 1 << 2)
    /// `ignores-mle`: every READ BINARY asks for up to 255 bytes (Le FF), whatever MLe says.
    public static let ignoresMLe = Type4LayoutFaults(rawValue: 1 << 3)
    /// `ignores-mlc`: every UPDATE BINARY carries up to 255 bytes, whatever MLc says.
    public static let ignoresMLc = Type4LayoutFaults(rawValue: 1 << 4)
    /// `partial-message-on-error`: a READ BINARY of the message that fails ends the read, and
    /// the bytes read so far are handed on as the message.
    public static let partialMessageOnError = Type4LayoutFaults(rawValue: 1 << 5)
    /// `reads-past-zero-length`: NLEN (ENLEN) 0 is taken for a length the tag did not give,
    /// and a whole piece of MLe bytes after it is read and handed on as the message.
    public static let readsPastZeroLength = Type4LayoutFaults(rawValue: 1 << 6)
    /// `ignores-ndef-select-status`: the NDEF file's SELECT is sent, but its status word is
    /// not checked, so a tag without the file is read from the file still selected, the CC.
    public static let ignoresNDEFSelectStatus = Type4LayoutFaults(rawValue: 1 << 7)
    /// `assumes-ndef-file-e104`: the NDEF file is SELECTed as E104, the usual ID, not by the
    /// ID the CC names (project-chip/connectedhomeip#71632).
    public static let assumesNDEFFileE104 = Type4LayoutFaults(rawValue: 1 << 8)
    /// `write-access-as-read-access`: the NDEF File Control TLV's read access is taken one
    /// byte too far, from the write access byte, so a read-only tag (write access FF) or one
    /// with a proprietary write access is not readable.
    public static let writeAccessAsReadAccess = Type4LayoutFaults(rawValue: 1 << 9)
    /// `no-offset-data-object`: READ BINARY takes offsets in P1-P2 only (B0), never in an
    /// offset data object (B1), so a message past offset 7FFF cannot be read (nfcpy 1.0.4).
    public static let noOffsetDataObject = Type4LayoutFaults(rawValue: 1 << 10)
    /// `read-error-as-no-ndef`: a Type 4 read that fails on the tag's link or answers after
    /// NDEF detection is reported as no NDEF (status notSupported) instead of a read error,
    /// as nfcpy's `tag.ndef` does (tt4.py `_read_ndef_data`: `except Type4TagCommandError:
    /// return None`).
    public static let readErrorAsNoNDEF = Type4LayoutFaults(rawValue: 1 << 11)
    /// `cc-read-by-cclen`: nfcpy 1.0.4's CC read (tt4.py `_discover_ndef`): CCLEN's two
    /// bytes, then min(CCLEN - 2, 15) bytes after them in one READ BINARY, taking what comes;
    /// CCLEN is never checked against 000F...FFFE, and a CC read the tag refuses, or fewer
    /// than 13 bytes after CCLEN, means no NDEF. Such a reader refuses CCLEN FFFF only when
    /// the tag refuses the over-long read (issue 33).
    public static let ccReadByCCLength = Type4LayoutFaults(rawValue: 1 << 12)
    /// `short-answer-ends-read`: a READ BINARY answered 9000 with fewer bytes than it asked
    /// for is taken for the end of the file: the read ends there and the bytes so far are
    /// handed on as the message.
    public static let shortAnswerEndsRead = Type4LayoutFaults(rawValue: 1 << 13)
    /// `loops-on-empty-read`: a READ BINARY answered 9000 is taken whatever it holds and the
    /// read goes on from where the data ended until it has the bytes it wants, as nfcpy 1.0.4
    /// reads the message (tt4.py `_read_ndef_data`: `while len(data) < nlen`), so an answer of
    /// 9000 and no data is asked again, with nothing to end it but the tag.
    public static let loopsOnEmptyRead = Type4LayoutFaults(rawValue: 1 << 14)
    /// `ignores-read-access`: the NDEF File Control TLV's read access is never looked at, so
    /// a tag whose CC grants no reading (FF) is read, as nfcpy 1.0.4 does (tt4.py records
    /// `_readable` but its read path never consults it).
    public static let ignoresReadAccess = Type4LayoutFaults(rawValue: 1 << 15)

    /// Every fault with its `--dut-fault` name, in the order `ReaderFaults.specs` lists them.
    public static let named: [(name: String, fault: Type4LayoutFaults)] = [
        ("no-version1-fallback", .noVersion1Fallback),
        ("exact-mapping-version", .exactMappingVersion), ("ignores-cclen", .ignoresCCLength),
        ("ignores-mle", .ignoresMLe), ("ignores-mlc", .ignoresMLc),
        ("partial-message-on-error", .partialMessageOnError),
        ("reads-past-zero-length", .readsPastZeroLength),
        ("ignores-ndef-select-status", .ignoresNDEFSelectStatus),
        ("assumes-ndef-file-e104", .assumesNDEFFileE104),
        ("write-access-as-read-access", .writeAccessAsReadAccess),
        ("no-offset-data-object", .noOffsetDataObject),
        ("read-error-as-no-ndef", .readErrorAsNoNDEF), ("cc-read-by-cclen", .ccReadByCCLength),
        ("short-answer-ends-read", .shortAnswerEndsRead),
        ("loops-on-empty-read", .loopsOnEmptyRead), ("ignores-read-access", .ignoresReadAccess),
    ]
}
