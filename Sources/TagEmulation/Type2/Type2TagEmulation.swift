import TagFormat

/// An NFC Forum Type 2 Tag as a value: the memory image, the commands a reader sends it
/// (READ `30`, WRITE `A2`, HLTA `50 00`) and the writes it accepted.
///
/// The memory behaves as on an NXP MIFARE Ultralight / NTAG, which the T2T specification
/// follows:
/// - READ `30 n` returns blocks n...n+3, rolling over from the last block to block 0; a
///   start block past the end is NAK 0.
/// - WRITE `A2 n d0 d1 d2 d3`: blocks 0 and 1 (UID) are NAK 0; in block 2 only the static
///   lock bytes are written, OR-ed in (one-time programmable) as their block-locking bits
///   allow; block 3 (CC) is OR-ed in too; a block whose static or dynamic lock bit is set is
///   NAK 0, and so is any block but lock bytes while the CC says write access `F`
///   (read-only), so that a reader can still set the lock bits after writing `0F`. Dynamic
///   lock bytes are OR-ed in wherever they are; on a read-only tag the other bytes of their
///   blocks stay as they are. A WRITE that would change a byte of a reserved area (a Memory
///   Control TLV's, which readers must jump over: T2T 1.1 §2.2.1) is NAK 0 too, so that a
///   reader writing into one is seen to.
/// - GET_VERSION `60` answers an NTAG213's, NTAG215's or NTAG216's version when the CC's
///   data area is theirs (144, 496, 872 bytes); a tag of another size keeps silent, as a
///   MIFARE Ultralight does.
/// - FAST_READ `3A start end` returns the blocks from start to end (NAK 0 when out of range).
/// - COMPATIBILITY WRITE `A0 n`, ACK, then 16 bytes of which the first 4 are written as by
///   WRITE.
/// - Anything else, and commands of the wrong length, are an error the tag does not answer:
///   it falls back to IDLE (`unanswered`), as after a NAK (NTAG21x and MIFARE Ultralight
///   data sheets: "any other data received ... is interpreted as an error").
public struct Type2TagEmulation: Sendable, Hashable {
    /// The memory before any reader wrote to it.
    public let initialMemory: [UInt8]
    /// The memory now, from block 0.
    public private(set) var memory: [UInt8]
    /// Every WRITE the tag accepted, as it landed (OR-ed bytes included), in order.
    public private(set) var writes: [TagWrite] = []
    /// The dynamic lock bits, as the memory declared them when the tag was set up.
    public let dynamicLockBits: Type2DynamicLockBits?
    /// The reserved areas the memory's Memory Control TLVs declared when the tag was set up.
    public let reservedAreas: [Range<Int>]
    /// The block a COMPATIBILITY WRITE acknowledged, waiting for its 16 data bytes.
    private var compatibilityWriteBlock: Int?

    /// A tag serving a formatted image.
    public init(memory: Type2TagMemory) throws(TagEmulationError) {
        try self.init(image: memory.bytes)
    }

    /// A tag serving any image (an unformatted or damaged one too): whole 4-byte blocks, at
    /// most 256 of them.
    public init(image: [UInt8]) throws(TagEmulationError) {
        let blocks = image.count / Type2Tag.blockSize
        guard image.count.isMultiple(of: Type2Tag.blockSize), (1...256).contains(blocks) else {
            throw .type2ImageSize(bytes: image.count)
        }
        initialMemory = image
        memory = image
        let formatted = try? Type2TagMemory(image: image)
        dynamicLockBits = formatted.flatMap { Self.lockBits(in: $0) }
        reservedAreas =
            formatted?.walk.areas.filter { $0.kind == .reservedBytes }.map(\.range) ?? []
    }

    /// How many 4-byte blocks the tag has.
    public var blockCount: Int { memory.count / Type2Tag.blockSize }

    /// The writes so far and what the memory held after each.
    public var writeHistory: WriteHistory {
        WriteHistory(storage: .type2Memory, initialMemory: initialMemory, writes: writes)
    }

    /// The message the memory holds now, as a reader would find it.
    public var storedNDEF: StoredNDEF { NDEFStorage.type2Memory.stored(in: memory) }

    /// The answer to one command frame (CRC already stripped by the chip).
    public mutating func respond(to command: [UInt8]) -> Type2Answer {
        if let block = compatibilityWriteBlock {
            compatibilityWriteBlock = nil
            guard command.count == 16 else { return .unanswered }
            return write(block: block, Array(command.prefix(Type2Tag.blockSize)))
        }
        switch (command.first, command.count) {
        case (Type2Tag.readCommand, 2): return read(block: Int(command[1]))
        case (Type2Tag.writeCommand, 6): return write(block: Int(command[1]), Array(command[2...]))
        case (Self.haltCommand, 2) where command[1] == 0x00: return .silence
        case (Self.getVersionCommand, 1): return version.map(Type2Answer.data) ?? .unanswered
        case (Self.fastReadCommand, 3): return fastRead(from: Int(command[1]), to: Int(command[2]))
        case (Self.compatibilityWriteCommand, 2):
            let block = Int(command[1])
            guard block < blockCount, block >= 2, !isLocked(block: block) else {
                return Type2Answer.invalidArgument
            }
            compatibilityWriteBlock = block
            return .acknowledgement
        default: return .unanswered
        }
    }

    /// HLTA's first byte.
    static let haltCommand: UInt8 = 0x50
    /// NTAG21x GET_VERSION.
    static let getVersionCommand: UInt8 = 0x60
    /// NTAG21x FAST_READ.
    static let fastReadCommand: UInt8 = 0x3A
    /// COMPATIBILITY WRITE (MIFARE Classic's WRITE framing, 4 of 16 bytes written).
    static let compatibilityWriteCommand: UInt8 = 0xA0

    /// GET_VERSION's 8 bytes for an NTAG21x of this data area size (storage size byte 0F,
    /// 11, 13 for NTAG213, 215, 216); nil for other sizes.
    private var version: [UInt8]? {
        let sizes: [Int: UInt8] = [144: 0x0F, 496: 0x11, 872: 0x13]
        let dataArea = Int(memory[Type2Tag.capabilityContainerOffset + 2]) * 8
        guard memory[Type2Tag.capabilityContainerOffset] == 0xE1, let size = sizes[dataArea]
        else { return nil }
        return [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, size, 0x03]
    }

    private func fastRead(from start: Int, to end: Int) -> Type2Answer {
        guard start <= end, end < blockCount else { return Type2Answer.invalidArgument }
        return .data((start...end).flatMap(block))
    }

    private func read(block: Int) -> Type2Answer {
        guard block < blockCount else { return Type2Answer.invalidArgument }
        let blocks = Type2Tag.readResponseLength / Type2Tag.blockSize
        return .data((0..<blocks).flatMap { self.block((block + $0) % blockCount) })
    }

    private mutating func write(block: Int, _ data: [UInt8]) -> Type2Answer {
        guard block < blockCount, block >= 2, !isLocked(block: block) else {
            return Type2Answer.invalidArgument
        }
        let start = block * Type2Tag.blockSize
        var stored = self.block(block)
        switch block {
        case 2:
            let frozen = Type2StaticLockBytes(memory: memory).frozen
            stored[2] |= data[2] & ~frozen.lock0
            stored[3] |= data[3] & ~frozen.lock1
        case 3:
            stored = zip(stored, data).map { $0 | $1 }
        default:
            let holdsLockBytes = (start..<start + Type2Tag.blockSize).contains {
                dynamicLockBits?.area.contains($0) ?? false
            }
            for index in 0..<Type2Tag.blockSize {
                let isLockByte = dynamicLockBits?.area.contains(start + index) ?? false
                if isLockByte {
                    stored[index] |= data[index]
                } else if !isCCWritable {
                    // The rest of the block the last lock bytes share (RFU on NTAGs) stays.
                    if holdsLockBytes { continue }
                    return Type2Answer.invalidArgument
                } else if isReserved(start + index), data[index] != stored[index] {
                    return Type2Answer.invalidArgument
                } else {
                    stored[index] = data[index]
                }
            }
        }
        memory.replaceSubrange(start..<start + Type2Tag.blockSize, with: stored)
        writes.append(TagWrite(offset: start, bytes: stored))
        return .acknowledgement
    }

    private func block(_ number: Int) -> [UInt8] {
        Array(memory[number * Type2Tag.blockSize..<(number + 1) * Type2Tag.blockSize])
    }

    /// Whether the CC's write access nibble is 0.
    private var isCCWritable: Bool { memory[Type2Tag.capabilityContainerOffset + 3] & 0x0F == 0 }

    /// Whether a static or dynamic lock bit covers `block` (lock bytes themselves excluded).
    private func isLocked(block: Int) -> Bool {
        let start = block * Type2Tag.blockSize
        let dynamic = dynamicLockBits.map { [$0] } ?? []
        return (start..<start + Type2Tag.blockSize).contains { address in
            Type2StaticLockBytes.isLocked(address: address, in: memory, dynamic: dynamic)
        }
    }

    /// Whether `address` lies in a reserved area.
    private func isReserved(_ address: Int) -> Bool {
        reservedAreas.contains { $0.contains(address) }
    }

    /// The dynamic lock bits a formatted image declares (Lock Control TLV, or the default
    /// for a data area above 48 bytes).
    private static func lockBits(in formatted: Type2TagMemory) -> Type2DynamicLockBits? {
        if let control = formatted.walk.tlvs.first(where: { $0.tag == .lockControl }) {
            return Type2LockControl(value: control.value).lockBits
        }
        return Type2DynamicLockBits.defaultBits(
            dataAreaSize: formatted.capabilityContainer.dataAreaSize)
    }
}
