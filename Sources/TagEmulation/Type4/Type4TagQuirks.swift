import TagFormat

/// How an emulated Type 4 Tag departs from the one the T4T specification describes: the
/// unusual and hostile layouts real tags ship with, where readers break (issue 22). `.none`,
/// the default, is the well-behaved tag.
///
/// The CC stays a valid `CapabilityContainer`, which the tag itself follows (MLe, MLc, the
/// NDEF file's ID and size, B1/D7 from mapping 3.0); the quirks change what a reader is shown
/// and answered.
public struct Type4TagQuirks: Sendable, Hashable {
    /// CCLEN as the CC file shows it, when it is not the CC's real length: a value below
    /// 000F, or FFFF (RFU). Only the two bytes change; the file keeps its real length.
    public var announcedCCLength: UInt16?
    /// The mapping version byte the CC file shows, when it is not the CC's own: a major
    /// version the T4T specification does not define (40, mapping 4.0). The file keeps the
    /// CC's layout otherwise.
    public var announcedMappingVersion: UInt8?
    /// The answer to a SELECT of the NDEF application's name without Le, instead of
    /// selecting: the Nordic nRF52 Type 4 Tag in nfcpy/nfcpy#168 answers 6A82. A name the
    /// tag does not answer is not found (6A82) either way.
    public var selectWithoutLe: StatusWord?
    /// The answer to a SELECT of the NDEF application's name with Le, instead of selecting:
    /// older mapping 1.0 cards refuse the Le that the 1.0 SELECT does not have
    /// (nfcpy/nfcpy#168's review).
    public var selectWithLe: StatusWord?
    /// Whether command APDUs with extended length fields are refused with 6700, as by a tag
    /// that takes short APDUs only (ISO/IEC 7816-4 §5.1: extended lengths are a card option).
    public var refusesExtendedLength: Bool
    /// Whether the NDEF file the CC names is missing: its SELECT answers 6A82.
    public var ndefFileMissing: Bool
    /// The NDEF file's real size, when it is smaller than the CC announces: reads past it
    /// are answered as past the end of a file (6B00, 6700).
    public var ndefFileSize: Int?
    /// Whether a READ BINARY that asks past the end of a file is answered with the bytes
    /// there and 9000, as some cards do, rather than refused (6700): ISO/IEC 7816-4 lets a
    /// card answer fewer bytes than Le asks. A reader that refuses a tag only because such a
    /// read failed is then seen to (issue 33).
    public var answersShortReads: Bool
    /// How many READ BINARYs from a file's end on the tag answers 9000 with no data, as a
    /// card that answers what is there (nothing) does, before it refuses them (6B00) as a
    /// well-behaved tag does from the first; nil: refused from the first. A reader that reads
    /// until it has NLEN bytes never gets them and, unless it stops, loops (nfcpy 1.0.4,
    /// tt4.py `_read_ndef_data`); the count is finite so that such a reader's run still ends
    /// (issue 33).
    public var emptyReadsPastEnd: Int?
    /// The NDEF File Control TLV's read access byte as the CC file shows it, when it is not
    /// the CC's own (00): FF, no read access. The tag serves the file all the same, so a
    /// reader that refuses it can have refused only for the CC's byte.
    public var announcedReadAccess: UInt8?

    /// The well-behaved tag.
    public static let none = Type4TagQuirks()

    /// Quirks as given; none by default.
    public init(
        announcedCCLength: UInt16? = nil, announcedMappingVersion: UInt8? = nil,
        selectWithoutLe: StatusWord? = nil, selectWithLe: StatusWord? = nil,
        refusesExtendedLength: Bool = false, ndefFileMissing: Bool = false,
        ndefFileSize: Int? = nil, answersShortReads: Bool = false,
        emptyReadsPastEnd: Int? = nil, announcedReadAccess: UInt8? = nil
    ) {
        self.announcedCCLength = announcedCCLength
        self.announcedMappingVersion = announcedMappingVersion
        self.selectWithoutLe = selectWithoutLe
        self.selectWithLe = selectWithLe
        self.refusesExtendedLength = refusesExtendedLength
        self.ndefFileMissing = ndefFileMissing
        self.ndefFileSize = ndefFileSize
        self.answersShortReads = answersShortReads
        self.emptyReadsPastEnd = emptyReadsPastEnd
        self.announcedReadAccess = announcedReadAccess
    }

    /// The CC file a reader is shown: `encoded` with the announced CCLEN, mapping version and
    /// read access.
    func capabilityContainerFile(_ encoded: [UInt8]) -> [UInt8] {
        var file = encoded
        if let announcedReadAccess {
            // The file control TLV follows CCLEN, the version, MLe and MLc: its T, L, the
            // file ID, then the size, 2 bytes in the NDEF File Control TLV (04), 4 in the
            // ENDEF one (06).
            let control = 7
            let sizeBytes = file[control] == 0x06 ? 4 : 2
            file[control + 4 + sizeBytes] = announcedReadAccess
        }
        if let announcedCCLength {
            file[0] = UInt8(announcedCCLength >> 8)
            file[1] = UInt8(announcedCCLength & 0xFF)
        }
        if let announcedMappingVersion { file[2] = announcedMappingVersion }
        return file
    }

    /// The answer that refuses a SELECT of the application, given whether it carried Le; nil
    /// to select.
    func selectRefusal(carryingLe: Bool) -> StatusWord? {
        carryingLe ? selectWithLe : selectWithoutLe
    }
}
