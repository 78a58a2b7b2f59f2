/// Lays TLV bytes into the data area around the areas declared so far, the way a reader's
/// walk reads them.
struct Type2Layout {
    var cursor: Type2DataCursor
    /// Address and byte of everything laid out, in order.
    var written: [(Int, UInt8)] = []
    let dataAreaSize: Int

    init(dataAreaSize: Int) {
        self.dataAreaSize = dataAreaSize
        cursor = Type2DataCursor(dataAreaSize: dataAreaSize)
    }

    /// Zeros from block 0 to the end of the data area, the lock bytes and the reserved areas,
    /// whichever is last, in whole blocks; blocks 0–3 hold the static memory and the CC.
    static func blankImage(
        staticMemory: Type2StaticMemory, capabilityContainer: Type2CapabilityContainer,
        lockBits: Type2DynamicLockBits?, reserved: [Range<Int>]
    ) -> [UInt8] {
        let dataEnd = Type2Tag.dataAreaOffset + capabilityContainer.dataAreaSize
        let imageEnd =
            ([dataEnd, lockBits?.area.upperBound ?? 0] + reserved.map(\.upperBound))
            .max() ?? dataEnd
        let blockCount = (imageEnd + Type2Tag.blockSize - 1) / Type2Tag.blockSize
        var image = Array(repeating: UInt8(0), count: blockCount * Type2Tag.blockSize)
        image.replaceSubrange(
            0..<Type2Tag.dataAreaOffset,
            with: staticMemory.encoded() + capabilityContainer.encoded())
        return image
    }

    /// A layout that starts with a Lock Control TLV (when given) and the Memory Control TLVs.
    init(
        dataAreaSize: Int, lockControl: Type2LockControl?, memoryControls: [Type2MemoryControl]
    ) throws(Type2TagError) {
        self.init(dataAreaSize: dataAreaSize)
        if let lockControl {
            try declare(
                Type2TLV(tag: .lockControl, value: lockControl.value), lockControl.lockBits.area)
        }
        for control in memoryControls {
            try declare(Type2TLV(tag: .memoryControl, value: control.value), control.area)
        }
    }

    /// Lays out a control TLV, then makes later bytes jump over its area.
    mutating func declare(_ tlv: Type2TLV, _ area: Range<Int>) throws(Type2TagError) {
        let start = cursor.address
        try put(tlv.encoded(), capacityFor: 0)
        guard area.lowerBound >= Type2Tag.dataAreaOffset else {
            throw .controlAreaInStaticMemory(offset: start, position: area.lowerBound)
        }
        if written.contains(where: { area.contains($0.0) }) {
            throw .areaOverlapsTLVs(offset: start, position: area.lowerBound)
        }
        cursor.skip(area)
    }

    /// Lays out the NDEF TLV and, when a byte is left, a Terminator.
    mutating func append(ndefMessage message: [UInt8]) throws(Type2TagError) {
        let capacity = type2NDEFCapacity(available: cursor.remaining())
        let needed = 1 + Type2TLV.lengthFieldSize(message.count) + message.count
        guard message.count <= Type2Tag.maximumTLVLength, needed <= cursor.remaining() else {
            throw .messageTooLong(length: message.count, capacity: capacity)
        }
        try put(Type2TLV(tag: .ndefMessage, value: message).encoded(), capacityFor: message.count)
        if cursor.remaining() > 0 { try put([Type2TLVTag.terminator.rawValue], capacityFor: 0) }
    }

    mutating func put(_ bytes: [UInt8], capacityFor length: Int) throws(Type2TagError) {
        for byte in bytes {
            guard let address = cursor.next() else {
                throw .messageTooLong(length: length, capacity: 0)
            }
            written.append((address, byte))
        }
    }
}
