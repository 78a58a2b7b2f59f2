/// A Proprietary File Control TLV of a Type 4 Tag CC (tag 05, T4T 2.0): a file of the NDEF
/// application that holds no NDEF, announced after the NDEF File Control TLV. It makes CCLEN
/// larger than the 15 (or 17) mandatory bytes, and an NDEF reader passes over it.
///
/// ```
/// 05 06 FID(2) max-size(2) read write
/// ```
/// `CapabilityContainer.additionalTLVs` keeps such TLVs as raw bytes; this builds them.
public struct ProprietaryFileControl: Sendable, Hashable {
    /// The file's identifier.
    public var fileID: UInt16
    /// The file's maximum size in bytes.
    public var maximumFileSize: UInt16
    /// The read access condition byte (00 granted, FF denied, 80...FE proprietary).
    public var readAccess: UInt8
    /// The write access condition byte.
    public var writeAccess: UInt8

    /// TLV tag of the Proprietary File Control TLV.
    public static let tag: UInt8 = 0x05
    /// The TLV's value length.
    public static let valueLength = 6

    /// Creates a file control; the defaults describe a proprietary file E105 of 128 bytes that
    /// an NDEF reader may read but not write.
    public init(
        fileID: UInt16 = 0xE105, maximumFileSize: UInt16 = 0x0080,
        readAccess: UInt8 = NDEFFileControl.accessGranted,
        writeAccess: UInt8 = NDEFFileControl.accessDenied
    ) {
        self.fileID = fileID
        self.maximumFileSize = maximumFileSize
        self.readAccess = readAccess
        self.writeAccess = writeAccess
    }

    /// The TLV's bytes.
    public func encoded() -> [UInt8] {
        [Self.tag, UInt8(Self.valueLength)] + bigEndianBytes(Int(fileID), count: 2)
            + bigEndianBytes(Int(maximumFileSize), count: 2) + [readAccess, writeAccess]
    }
}
