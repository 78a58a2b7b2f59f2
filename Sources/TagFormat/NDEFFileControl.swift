/// The NDEF File Control TLV of a Type 4 Tag CC: which file holds the message, how large it
/// may grow, and who may read and write it.
///
/// ```
/// mapping 2.0   04 06 FID(2) max-size(2) read write      (file starts with NLEN)
/// mapping 3.0   06 08 FID(2) max-size(4) read write      (ENDEF file, starts with ENLEN)
/// ```
/// Access bytes: 00 granted, FF denied (write FF: read-only), 80...FE proprietary, 01...7F
/// RFU. They are kept raw; anything but 00 counts as not granted.
public struct NDEFFileControl: Sendable, Hashable {
    /// The NDEF file's identifier (E104 by convention).
    public var fileID: UInt16
    /// The NDEF file's maximum size in bytes, length field included.
    public var maximumFileSize: UInt32
    /// The read access condition byte.
    public var readAccess: UInt8
    /// The write access condition byte.
    public var writeAccess: UInt8
    /// NLEN (tag 04) or ENLEN (tag 06, mapping 3.0).
    public var lengthField: NDEFFileLength

    /// Access condition: granted without security.
    public static let accessGranted: UInt8 = 0x00
    /// Access condition: never granted (a write access of FF makes the tag read-only).
    public static let accessDenied: UInt8 = 0xFF
    /// TLV tag of the NDEF File Control TLV.
    public static let ndefTag: UInt8 = 0x04
    /// TLV tag of the ENDEF File Control TLV (mapping 3.0).
    public static let extendedNDEFTag: UInt8 = 0x06
    /// The file ID tags conventionally use for the NDEF file.
    public static let defaultFileID: UInt16 = 0xE104
    /// File IDs the NDEF file must not have.
    public static let reservedFileIDs: Set<UInt16> = [
        0x0000, 0xE102, 0xE103, 0x3F00, 0x3FFF, 0xFFFF,
    ]

    /// Creates a file control; defaults describe a readable and writable file E104 with NLEN.
    public init(
        fileID: UInt16 = defaultFileID, maximumFileSize: UInt32,
        readAccess: UInt8 = accessGranted, writeAccess: UInt8 = accessGranted,
        lengthField: NDEFFileLength = .nlen
    ) {
        self.fileID = fileID
        self.maximumFileSize = maximumFileSize
        self.readAccess = readAccess
        self.writeAccess = writeAccess
        self.lengthField = lengthField
    }

    /// Whether a reader may read the file without security.
    public var isReadable: Bool { readAccess == Self.accessGranted }
    /// Whether a reader may write the file without security.
    public var isWritable: Bool { writeAccess == Self.accessGranted }
    /// Whether the file is read-only in the NFC Forum sense (write access FF).
    public var isReadOnly: Bool { writeAccess == Self.accessDenied }

    /// The TLV tag: 04 with NLEN, 06 with ENLEN.
    public var tag: UInt8 { lengthField == .nlen ? Self.ndefTag : Self.extendedNDEFTag }
    /// The TLV's value length: 06 with NLEN, 08 with ENLEN.
    public var valueLength: Int { lengthField == .nlen ? 6 : 8 }

    /// The largest NDEF message the file holds: its maximum size less the length field.
    public var messageCapacity: Int {
        lengthField.messageCapacity(maximumFileSize: Int(maximumFileSize))
    }

    /// The TLV's bytes.
    public func encoded() -> [UInt8] {
        [tag, UInt8(valueLength)] + bigEndianBytes(Int(fileID), count: 2)
            + bigEndianBytes(Int(maximumFileSize), count: valueLength - 4)
            + [readAccess, writeAccess]
    }
}
