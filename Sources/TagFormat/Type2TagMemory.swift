/// A whole Type 2 Tag memory image: static blocks, CC, the data area's TLVs and any lock or
/// reserved bytes, in 4-byte blocks.
///
/// An emulator serves `bytes` block by block; a reader walks what it has read with
/// `ndefMessage(in:)`. Building and walking share one cursor over the data area, so an image
/// built here reads back the same way.
public struct Type2TagMemory: Sendable, Hashable {
    /// The image from block 0, a whole number of blocks.
    public private(set) var bytes: [UInt8]
    /// The capability container in block 3.
    public let capabilityContainer: Type2CapabilityContainer
    /// The reader's walk over the data area, up to the NDEF TLV.
    public private(set) var walk: Type2TLVWalk

    /// Formats an image holding `ndefMessage`.
    ///
    /// Lays out a Lock Control TLV when `lockControl` is given (without one, tags above 48
    /// data bytes keep their lock bits at the default place after the data area), a Memory
    /// Control TLV per `memoryControls`, the NDEF TLV around the declared areas, a Terminator
    /// when a byte is left, and zeros. `readOnly` sets CC access 0F and every lock bit.
    public init(
        uid: [UInt8], dataAreaSize: Int, ndefMessage: [UInt8] = [], readOnly: Bool = false,
        lockControl: Type2LockControl? = nil, memoryControls: [Type2MemoryControl] = []
    ) throws(Type2TagError) {
        let staticMemory = try Type2StaticMemory(
            uid: uid, lock0: readOnly ? 0xFF : 0, lock1: readOnly ? 0xFF : 0)
        let cc = try Type2CapabilityContainer(
            dataAreaSize: dataAreaSize,
            access: readOnly
                ? Type2CapabilityContainer.readOnly : Type2CapabilityContainer.readWrite)
        let lock =
            lockControl?.lockBits ?? Type2DynamicLockBits.defaultBits(dataAreaSize: dataAreaSize)
        var image = Type2Layout.blankImage(
            staticMemory: staticMemory, capabilityContainer: cc, lockBits: lock,
            reserved: memoryControls.map(\.area))

        var layout = try Type2Layout(
            dataAreaSize: dataAreaSize, lockControl: lockControl, memoryControls: memoryControls)
        try layout.append(ndefMessage: ndefMessage)
        for (address, byte) in layout.written { image[address] = byte }
        if readOnly, let lock {
            image.replaceSubrange(lock.area, with: lock.allBitsSet)
        }
        bytes = image
        capabilityContainer = cc
        walk = try Type2TLVWalk(memory: image, dataAreaSize: dataAreaSize)
    }

    /// Reads an image back: its CC and the walk to the NDEF TLV (`jumpsOverReservedBytes`
    /// and `leniency`: see `Type2TLVWalk`).
    public init(
        image: [UInt8], jumpsOverReservedBytes: Bool = true, leniency: Type2Leniency = []
    ) throws(Type2TagError) {
        guard image.count >= Type2Tag.dataAreaOffset else {
            throw .truncated(offset: 0, needed: Type2Tag.dataAreaOffset, available: image.count)
        }
        let cc = try Type2CapabilityContainer(decoding: image[12..<16], leniency: leniency)
        let walk = try Type2TLVWalk(
            memory: image, dataAreaSize: cc.dataAreaSize,
            jumpsOverReservedBytes: jumpsOverReservedBytes, leniency: leniency)
        if let missing = walk.missingFrom {
            throw .truncated(offset: missing, needed: 1, available: 0)
        }
        bytes = image
        capabilityContainer = cc
        self.walk = walk
    }

    /// The NDEF message the image holds.
    public func ndefMessage() throws(Type2TagError) -> [UInt8] {
        guard let tlv = walk.ndefTLV else {
            throw .ndefTLVMissing(offset: walk.tlvs.last?.endOffset ?? Type2Tag.dataAreaOffset)
        }
        return tlv.value
    }

    /// The largest NDEF message the image holds where its NDEF TLV is.
    public var ndefCapacity: Int { walk.ndefCapacity }

    /// The NDEF message in bytes a reader has read from block 0: CC, then the TLV walk.
    ///
    /// Throws `truncated` naming the first address still needed when the bytes end early.
    public static func ndefMessage(in memory: [UInt8]) throws(Type2TagError) -> [UInt8] {
        try Type2TagMemory(image: memory).ndefMessage()
    }

    /// The largest NDEF message an image formatted with these arguments holds.
    public static func capacity(
        dataAreaSize: Int, lockControl: Type2LockControl? = nil,
        memoryControls: [Type2MemoryControl] = []
    ) throws(Type2TagError) -> Int {
        _ = try Type2CapabilityContainer(dataAreaSize: dataAreaSize)
        let layout = try Type2Layout(
            dataAreaSize: dataAreaSize, lockControl: lockControl, memoryControls: memoryControls)
        return type2NDEFCapacity(available: layout.cursor.remaining())
    }

    /// This image with `message` in place of its NDEF message: a new NDEF TLV where the old
    /// one (or, without one, the Terminator) was, laid around the same areas, then a
    /// Terminator when a byte is left; later bytes stay as they were.
    ///
    /// Throws `truncated` naming the first address the new TLVs need beyond the image: an
    /// image read back may end before its data area does, just after the old message.
    public func replacingNDEFMessage(_ message: [UInt8]) throws(Type2TagError) -> Type2TagMemory {
        let size = capabilityContainer.dataAreaSize
        let start =
            walk.ndefTLV?.offset ?? walk.tlvs.last { $0.tag == .terminator }?.offset
            ?? walk.tlvs.last?.endOffset ?? Type2Tag.dataAreaOffset
        var layout = Type2Layout(dataAreaSize: size)
        for area in walk.areas where area.declaredAt != nil { layout.cursor.skip(area.range) }
        layout.cursor.rewind(to: start)
        try layout.append(ndefMessage: message)
        var image = bytes
        if let beyond = layout.written.map(\.0).filter({ $0 >= image.count }).min() {
            throw .truncated(offset: beyond, needed: 1, available: 0)
        }
        for (address, byte) in layout.written { image[address] = byte }
        return try Type2TagMemory(image: image)
    }

    /// Block `number`'s 4 bytes.
    public func block(_ number: Int) -> [UInt8] {
        Array(bytes[number * Type2Tag.blockSize..<(number + 1) * Type2Tag.blockSize])
    }

    /// How many blocks the image has.
    public var blockCount: Int { bytes.count / Type2Tag.blockSize }
}
