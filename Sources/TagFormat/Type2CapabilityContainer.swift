/// The capability container of a Type 2 Tag (block 3, bytes 12–15).
///
/// ```
/// E1  magic number: NDEF data present
/// 10  mapping version, major.minor nibbles (1.0)
/// nn  data area size / 8
/// rw  access: high nibble read (0 granted), low nibble write (0 granted, F none)
/// ```
public struct Type2CapabilityContainer: Sendable, Hashable {
    /// The NDEF magic number.
    public static let magic: UInt8 = 0xE1
    /// Mapping version 1.0.
    public static let version1: UInt8 = 0x10
    /// Access byte of a readable and writable tag.
    public static let readWrite: UInt8 = 0x00
    /// Access byte of a read-only tag.
    public static let readOnly: UInt8 = 0x0F

    /// The mapping version byte.
    public let version: UInt8
    /// The data area's size in bytes (a multiple of 8, 8...2040).
    public let dataAreaSize: Int
    /// The access byte.
    public let access: UInt8

    /// Creates a CC; throws when the size is not a multiple of 8 in 8...2040.
    public init(version: UInt8 = version1, dataAreaSize: Int, access: UInt8 = readWrite)
        throws(Type2TagError)
    {
        guard (8...Type2Tag.maximumDataAreaSize).contains(dataAreaSize),
            dataAreaSize.isMultiple(of: 8)
        else { throw .dataAreaSizeInvalid(offset: 14, size: dataAreaSize) }
        self.version = version
        self.dataAreaSize = dataAreaSize
        self.access = access
    }

    /// The read access nibble.
    public var readAccess: UInt8 { access >> 4 }
    /// The write access nibble.
    public var writeAccess: UInt8 { access & 0x0F }
    /// Whether a reader may read the NDEF data.
    public var isReadable: Bool { readAccess == 0 }
    /// Whether a reader may write the NDEF data.
    public var isWritable: Bool { writeAccess == 0 }
    /// Whether the tag is read-only in the NFC Forum sense (write access F).
    public var isReadOnly: Bool { writeAccess == 0x0F }

    /// The 4 bytes of block 3.
    public func encoded() -> [UInt8] {
        [Self.magic, version, UInt8(dataAreaSize / 8), access]
    }

    /// Decodes block 3; error offsets are tag memory addresses (12–15). A major version
    /// other than 1 is refused unless `leniency` has `anyMajorVersion`.
    public init(decoding input: some Collection<UInt8>, leniency: Type2Leniency = [])
        throws(Type2TagError)
    {
        let bytes = Array(input.prefix(4))
        let base = Type2Tag.capabilityContainerOffset
        guard bytes.count == 4 else {
            throw .truncated(offset: base, needed: 4, available: bytes.count)
        }
        guard bytes[0] == Self.magic else { throw .badMagic(offset: base, value: bytes[0]) }
        guard bytes[1] >> 4 == 1 || leniency.contains(.anyMajorVersion) else {
            throw .unsupportedVersion(offset: base + 1, version: bytes[1])
        }
        guard bytes[2] != 0 else { throw .dataAreaSizeInvalid(offset: base + 2, size: 0) }
        try self.init(version: bytes[1], dataAreaSize: Int(bytes[2]) * 8, access: bytes[3])
    }
}
