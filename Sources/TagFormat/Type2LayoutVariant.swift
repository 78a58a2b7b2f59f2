/// A Type 2 Tag laid out TLV by TLV as a test asks, the unusual and the hostile included:
/// control TLVs before the NDEF TLV, NULL padding, proprietary TLVs, a second NDEF TLV, no
/// Terminator, a length that runs past the data area, a TLV cut by the data area's end,
/// another CC version, lock bits set without the CC saying read-only.
///
/// `Type2TagMemory` formats a tag the way a good writer does; this builds what readers meet
/// in the field, so it checks only what it needs to lay the bytes out. TLVs go through the
/// same cursor as a reader's walk: after a Lock or Memory Control TLV, later TLV bytes jump
/// over the area it declares.
public struct Type2LayoutVariant: Sendable, Hashable {
    /// One piece of the data area, in the order laid out.
    public enum Element: Sendable, Hashable {
        /// `count` NULL TLVs (one byte `00` each).
        case null(count: Int)
        /// A Lock Control TLV; its lock bytes replace the default ones.
        case lockControl(Type2LockControl)
        /// A Memory Control TLV; its reserved bytes hold `reservedFill`.
        case memoryControl(Type2MemoryControl)
        /// An NDEF Message TLV holding the message the image is built with.
        case message
        /// Any TLV: `length` goes in the length field (one byte below FF, else FF and two
        /// bytes) whatever `value` holds, so a TLV can announce more bytes than follow.
        case tlv(tag: Type2TLVTag, length: Int, value: [UInt8])
        /// The Terminator TLV `FE`.
        case terminator
        /// Bytes laid out as they are: the first bytes of a TLV whose rest the data area's
        /// end cuts off (a tag byte `03` as its last byte, or `03 FF` with the 3-byte length
        /// starting there).
        case bytes([UInt8])

        /// A whole TLV of `tag` holding `value`.
        public static func tlv(_ tag: Type2TLVTag, _ value: [UInt8]) -> Element {
            .tlv(tag: tag, length: value.count, value: value)
        }
    }

    /// The data area's size in the CC (a multiple of 8, 8...2040).
    public var dataAreaSize: Int
    /// The CC's mapping version byte (major and minor nibbles).
    public var version: UInt8
    /// The data area's TLVs, in order.
    public var elements: [Element]
    /// CC write access `0F` (read-only); otherwise `00`.
    public var readOnlyAccess: Bool
    /// Static lock bytes `FF FF`: blocks 3–15 locked.
    public var staticallyLocked: Bool
    /// Every dynamic lock bit set (those of the Lock Control TLV, or the default ones).
    public var dynamicallyLocked: Bool
    /// What the reserved areas of Memory Control TLVs hold: not zero, so that a reader that
    /// reads them as message bytes is seen to.
    public var reservedFill: UInt8
    /// What the data area holds after the last element: zeros, or stale bytes of an earlier
    /// message.
    public var trailingFill: UInt8

    /// A layout; the defaults are a writable NTAG213-sized tag with CC version 1.0.
    public init(
        dataAreaSize: Int = 144, version: UInt8 = Type2CapabilityContainer.version1,
        elements: [Element], readOnlyAccess: Bool = false, staticallyLocked: Bool = false,
        dynamicallyLocked: Bool = false, reservedFill: UInt8 = 0xEE, trailingFill: UInt8 = 0x00
    ) {
        self.dataAreaSize = dataAreaSize
        self.version = version
        self.elements = elements
        self.readOnlyAccess = readOnlyAccess
        self.staticallyLocked = staticallyLocked
        self.dynamicallyLocked = dynamicallyLocked
        self.reservedFill = reservedFill
        self.trailingFill = trailingFill
    }

    /// The dynamic lock bits: the first Lock Control TLV's, or the default ones.
    public var dynamicLockBits: Type2DynamicLockBits? {
        for case .lockControl(let control) in elements { return control.lockBits }
        return Type2DynamicLockBits.defaultBits(dataAreaSize: dataAreaSize)
    }

    /// The memory image from block 0, with `message` where `.message` stands.
    ///
    /// Throws when the CC cannot announce the size, the UID is not 7 or 4 bytes, an area
    /// lies in blocks 0–3 or over TLV bytes laid out before it, or the elements do not fit
    /// in the data area.
    public func image(uid: [UInt8], message: [UInt8]) throws(Type2TagError) -> [UInt8] {
        let lockByte: UInt8 = staticallyLocked ? 0xFF : 0x00
        let staticMemory = try Type2StaticMemory(uid: uid, lock0: lockByte, lock1: lockByte)
        let cc = try Type2CapabilityContainer(
            version: version, dataAreaSize: dataAreaSize,
            access: readOnlyAccess
                ? Type2CapabilityContainer.readOnly : Type2CapabilityContainer.readWrite)
        var reserved: [Range<Int>] = []
        for case .memoryControl(let control) in elements { reserved.append(control.area) }
        let lockBits = dynamicLockBits
        var image = Type2Layout.blankImage(
            staticMemory: staticMemory, capabilityContainer: cc, lockBits: lockBits,
            reserved: reserved)
        var layout = Type2Layout(dataAreaSize: dataAreaSize)
        for element in elements {
            try lay(element, message: message, in: &layout)
        }
        for (address, byte) in layout.written { image[address] = byte }
        while let address = layout.cursor.next() { image[address] = trailingFill }
        for area in reserved {
            for address in area where address < image.count { image[address] = reservedFill }
        }
        if dynamicallyLocked, let lockBits {
            image.replaceSubrange(lockBits.area, with: lockBits.allBitsSet)
        }
        return image
    }

    private func lay(_ element: Element, message: [UInt8], in layout: inout Type2Layout)
        throws(Type2TagError)
    {
        switch element {
        case .null(let count):
            try layout.put(
                Array(repeating: Type2TLVTag.null.rawValue, count: count), capacityFor: 0)
        case .lockControl(let control):
            try layout.declare(
                Type2TLV(tag: .lockControl, value: control.value), control.lockBits.area)
        case .memoryControl(let control):
            try layout.declare(Type2TLV(tag: .memoryControl, value: control.value), control.area)
        case .message:
            try layout.put(
                Type2TLV(tag: .ndefMessage, value: message).encoded(), capacityFor: message.count)
        case .tlv(let tag, let length, let value):
            try layout.put(
                [tag.rawValue] + Type2TLV.lengthField(length) + value, capacityFor: value.count)
        case .terminator:
            try layout.put([Type2TLVTag.terminator.rawValue], capacityFor: 0)
        case .bytes(let bytes):
            try layout.put(bytes, capacityFor: 0)
        }
    }
}
