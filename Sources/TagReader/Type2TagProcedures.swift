import TagFormat

/// The NFC Forum Type 2 Tag NDEF procedures (T2T operation 1.0, DESIGN §4) over any
/// `Type2Transceiver`: detection (READ the CC, walk the TLVs past lock and reserved areas),
/// read, tearing-safe write in 4-byte blocks, and the transition to read-only.
///
/// The tearing-safe write goes in three steps, each writing only the blocks that change:
/// 1. the block(s) holding the NDEF TLV's T and L, with L zero (`00`, or `FF 00 00` when the
///    new message needs the 3-byte form): the tag now holds an empty message;
/// 2. every other block that changes: the message V and the Terminator TLV after it, in
///    ascending order, L still zero;
/// 3. the block(s) holding L, with the message's length.
/// A tag torn away at any point holds the old message, an empty one or the new one.
///
/// A tag is writable when its CC grants writing and no static or dynamic lock bit covers its
/// NDEF area (T2T 1.1 §2.1.2, §2.2.2: a lock bit makes its bytes read-only for good, the
/// READ-ONLY state of §6.3.3 sets them all): a tag locked by its lock bits alone is read-only.
public struct Type2TagProcedures: NDEFTagProcedures {
    /// The link to the tag.
    public let transceiver: any Type2Transceiver
    /// The deliberate faults that concern Type 2 Tags (`first-tlv-only`,
    /// `one-byte-tlv-length`, `ignores-lock-bits`, `ignores-memory-control`, and the
    /// leniencies of `faults.type2`).
    public let faults: ReaderFaults

    /// Procedures over `transceiver`, with `faults`.
    public init(transceiver: any Type2Transceiver, faults: ReaderFaults = .none) {
        self.transceiver = transceiver
        self.faults = faults
    }

    /// NDEF detection: blocks 0–3 with the CC, then 16 bytes at a time until the TLV walk has
    /// the NDEF TLV whole (or, with `wholeDataArea`, until the data area is read).
    public func detectNDEF(wholeDataArea: Bool = false) async throws(NFCReaderError)
        -> NDEFDetection<Type2TagMemory>
    {
        var memory = try await read(block: 0)
        let cc: Type2CapabilityContainer
        do throws(Type2TagError) {
            cc = try Type2CapabilityContainer(
                decoding: memory[Type2Tag.capabilityContainerOffset...], leniency: faults.type2)
        } catch {
            return .notSupported(.invalidType2CapabilityContainer(error))
        }
        if let refusal = Self.faultyCCRefusal(cc, faults.ndef) { return .notSupported(refusal) }
        guard cc.isReadable else { return .notSupported(.type2NotReadable(access: cc.access)) }
        let dataEnd = Type2Tag.dataAreaOffset + cc.dataAreaSize
        while try walk(memory, cc).missingFrom != nil || wholeDataArea && memory.count < dataEnd {
            memory += try await read(block: memory.count / Type2Tag.blockSize)
        }
        let image: Type2TagMemory
        do throws(Type2TagError) {
            image = try Type2TagMemory(
                image: memory, jumpsOverReservedBytes: !faults.ignoresMemoryControl,
                leniency: faults.type2)
        } catch {
            throw .tagResponseError(.type2Memory(error))
        }
        guard let tlv = image.walk.ndefTLV else { return .notSupported(.noNDEFMessageTLV) }
        if faults.firstTLVOnly, image.walk.tlvs.first?.offset != tlv.offset {
            return .notSupported(.noNDEFMessageTLV)
        }
        return .ndef(image)
    }

    public func queryNDEFStatus() async throws(NFCReaderError) -> (
        status: NFCNDEFStatus, capacity: Int
    ) {
        switch try await detectNDEF() {
        case .ndef(let image):
            (try await writeRefusal(image) == nil ? .readWrite : .readOnly, capacity(image))
        case .notSupported: (.notSupported, 0)
        }
    }

    /// Detection, then the NDEF TLV's value.
    public func readNDEF() async throws(NFCReaderError) -> [UInt8] {
        let image = try await detectNDEF().layout()
        let message: [UInt8]
        do throws(Type2TagError) {
            message = try image.ndefMessage()
        } catch {
            throw .tagResponseError(.type2Memory(error))
        }
        if faults.ndef.contains(.requiresTerminator) { try await requireTerminator(after: image) }
        // The fault: the value's end taken one byte early.
        if faults.ndef.contains(.tlvLengthOffByOne) { return Array(message.dropLast()) }
        guard faults.oneByteTLVLength, image.walk.ndefTLV?.lengthFieldSize == 3 else {
            return message
        }
        // The fault: FF taken for the length, so the two length bytes and the message's first
        // 253 bytes come back as a 255-byte message.
        return Array((Type2TLV.lengthField(message.count).dropFirst() + message).prefix(0xFF))
    }

    /// Detection over the whole data area, the refusals, then the blocks in the order the
    /// type's documentation gives (`lengthFirst`: every changed block in ascending order).
    public func writeNDEF(_ message: [UInt8], order: NDEFWriteOrder) async throws(NFCReaderError) {
        let image = try await detectNDEF(wholeDataArea: true).layout()
        if let refusal = try await writeRefusal(image) { throw .tagNotWritable(refusal) }
        guard message.count <= capacity(image) else {
            throw .tagSizeTooSmall(messageLength: message.count, capacity: capacity(image))
        }
        let target: Type2TagMemory
        do throws(Type2TagError) {
            target = try image.replacingNDEFMessage(message)
        } catch {
            throw .tagUpdateFailure(.type2Memory(error))
        }
        switch order {
        case .lengthFirst:
            try await writeChangedBlocks(from: image.bytes, to: target.bytes)
        case .tearingSafe:
            guard let tlv = target.walk.ndefTLV else {
                throw .tagUpdateFailure(
                    .type2Memory(.ndefTLVMissing(offset: Type2Tag.dataAreaOffset)))
            }
            let lengthAddresses = Self.addresses(
                after: tlv.offset, count: tlv.lengthFieldSize, skipping: target.walk.areas)
            var empty = target.bytes
            for (index, address) in lengthAddresses.enumerated() {
                empty[address] = index == 0 && tlv.lengthFieldSize == 3 ? 0xFF : 0x00
            }
            var emptied = image.bytes
            emptied[tlv.offset] = Type2TLVTag.ndefMessage.rawValue
            for address in lengthAddresses { emptied[address] = empty[address] }
            try await writeChangedBlocks(from: image.bytes, to: emptied)
            try await writeChangedBlocks(from: emptied, to: empty)
            // The fault: the length that makes the new message the tag's is never written.
            if faults.ndef.contains(.skipsLengthWrite) { return }
            try await writeChangedBlocks(from: empty, to: target.bytes)
        }
    }

    /// CC access byte to 0F first, then the static lock bytes (block 2, bytes 2–3) to FF,
    /// then every dynamic lock bit: the T2T order, since the static bits lock the CC block.
    public func writeLock() async throws(NFCReaderError) {
        let image = try await detectNDEF(wholeDataArea: true).layout()
        let cc = image.capabilityContainer
        guard cc.isWritable else { throw .tagNotWritable(.writeAccess(cc.access)) }
        let lockedCC = [
            Type2CapabilityContainer.magic, cc.version, UInt8(cc.dataAreaSize / 8),
            cc.access | Type2CapabilityContainer.readOnly,
        ]
        try await write(block: 3, lockedCC)
        try await write(block: 2, Array(image.block(2).prefix(2)) + [0xFF, 0xFF])
        for bits in Self.dynamicLockBits(of: image) {
            let firstBlock = bits.area.lowerBound / Type2Tag.blockSize
            let lastBlock = (bits.area.upperBound - 1) / Type2Tag.blockSize
            var bytes = try await readBlocks(holding: bits.area)
            let base = firstBlock * Type2Tag.blockSize
            for (index, byte) in bits.allBitsSet.enumerated() {
                bytes[bits.position - base + index] |= byte
            }
            for block in firstBlock...lastBlock {
                let start = (block - firstBlock) * Type2Tag.blockSize
                try await write(block: block, Array(bytes[start..<start + Type2Tag.blockSize]))
            }
        }
    }

    /// Why the tag cannot take a new message, or nil when it can: its CC's write access,
    /// else the first address of its NDEF area (from the NDEF TLV to the end of the data
    /// area, lock and reserved bytes jumped over) that a static or dynamic lock bit makes
    /// read-only. Reads the dynamic lock bytes the detection did not reach.
    func writeRefusal(_ image: Type2TagMemory) async throws(NFCReaderError) -> NotWritableReason? {
        // The fault: the tag counts as writable without a look at the CC or the lock bits.
        if faults.ndef.contains(.ignoresWriteAccess) { return nil }
        let cc = image.capabilityContainer
        guard cc.isWritable else { return .writeAccess(cc.access) }
        guard !faults.ignoresLockBits, !faults.type2.contains(.blindWrite),
            let tlv = image.walk.ndefTLV
        else { return nil }
        let ndefArea = (tlv.offset..<Type2Tag.dataAreaOffset + cc.dataAreaSize).filter {
            address in !image.walk.areas.contains { $0.range.contains(address) }
        }
        var memory = image.bytes
        let locked = { (bytes: [UInt8], dynamic: [Type2DynamicLockBits]) in
            ndefArea.first {
                Type2StaticLockBytes.isLocked(address: $0, in: bytes, dynamic: dynamic)
            }
        }
        // The static lock bytes came with block 0: no READ more when they settle it.
        if let address = locked(memory, []) { return .lockBits(address: address) }
        let dynamic = Self.dynamicLockBits(of: image)
        let lockable = ndefArea.contains { $0 >= Type2DynamicLockBits.firstLockedAddress }
        for bits in dynamic where lockable && memory.count < bits.area.upperBound {
            let start = bits.area.lowerBound / Type2Tag.blockSize * Type2Tag.blockSize
            let bytes = try await readBlocks(holding: bits.area)
            // Zeros stand for the unread bytes in between, which no lock bit lies in.
            memory += [UInt8](repeating: 0, count: max(0, start - memory.count))
            let known = memory.count - start
            memory += bytes.dropFirst(known)
        }
        return locked(memory, dynamic).map { .lockBits(address: $0) }
    }

    // MARK: - Memory access

    /// The lock bits the walk found declared, or the default ones.
    static func dynamicLockBits(of image: Type2TagMemory) -> [Type2DynamicLockBits] {
        let declared = image.walk.tlvs.filter { $0.tag == .lockControl }.map {
            Type2LockControl(value: $0.value).lockBits
        }
        if !declared.isEmpty { return declared }
        return Type2DynamicLockBits.defaultBits(
            dataAreaSize: image.capabilityContainer.dataAreaSize
        )
        .map { [$0] } ?? []
    }

    /// The `count` addresses after `address` that lie in no declared area: where the walk
    /// reads a TLV's length field.
    static func addresses(after address: Int, count: Int, skipping areas: [Type2ReservedArea])
        -> [Int]
    {
        var result: [Int] = []
        var next = address + 1
        while result.count < count {
            if !areas.contains(where: { $0.declaredAt != nil && $0.range.contains(next) }) {
                result.append(next)
            }
            next += 1
        }
        return result
    }

    private func walk(_ memory: [UInt8], _ cc: Type2CapabilityContainer) throws(NFCReaderError)
        -> Type2TLVWalk
    {
        do throws(Type2TagError) {
            return try Type2TLVWalk(
                memory: memory, dataAreaSize: cc.dataAreaSize,
                jumpsOverReservedBytes: !faults.ignoresMemoryControl, leniency: faults.type2)
        } catch {
            throw .tagResponseError(.type2Memory(error))
        }
    }

    /// Writes each block of `target` that differs from `current`, in ascending order; blocks
    /// 0–3 (UID, lock bytes, CC) never change here.
    private func writeChangedBlocks(from current: [UInt8], to target: [UInt8])
        async throws(NFCReaderError)
    {
        let size = Type2Tag.blockSize
        for block in 4..<target.count / size {
            let range = block * size..<(block + 1) * size
            guard current[range] != target[range] else { continue }
            try await write(block: block, Array(target[range]))
        }
    }

    /// The blocks holding `area`, read 16 bytes at a time from its first block.
    private func readBlocks(holding area: Range<Int>) async throws(NFCReaderError) -> [UInt8] {
        let firstBlock = area.lowerBound / Type2Tag.blockSize
        let lastBlock = (area.upperBound - 1) / Type2Tag.blockSize
        var bytes: [UInt8] = []
        for block in stride(from: firstBlock, through: lastBlock, by: 4) {
            bytes += try await read(block: block)
        }
        return bytes
    }

    /// READ: 16 bytes from `block`.
    private func read(block: Int) async throws(NFCReaderError) -> [UInt8] {
        let command = [Type2Tag.readCommand, try blockNumber(block)]
        let answer = try await transceiver.transceive(command)
        guard answer.count == Type2Tag.readResponseLength else {
            throw .tagResponseError(.wrongReadLength(received: answer.count, command: command))
        }
        return answer
    }

    /// WRITE: 4 bytes to `block`, answered with ACK.
    private func write(block: Int, _ data: [UInt8]) async throws(NFCReaderError) {
        let command = [Type2Tag.writeCommand, try blockNumber(block)] + data
        let answer: [UInt8]
        do throws(NFCReaderError) {
            answer = try await transceiver.transceive(command)
        } catch {
            // The fault: the WRITE's answer never looked at (a NAK, or the silence of a tag
            // that fell back to IDLE after one).
            if faults.type2.contains(.blindWrite) { return }
            guard case .tagResponseError(let failure) = error else { throw error }
            throw .tagUpdateFailure(failure)
        }
        guard answer.isEmpty else {
            throw .tagUpdateFailure(.unexpectedWriteAnswer(answer, command: command))
        }
    }

    private func blockNumber(_ block: Int) throws(NFCReaderError) -> UInt8 {
        guard let number = UInt8(exactly: block) else {
            throw .tagResponseError(.blockBeyondFirstSector(block: block))
        }
        return number
    }
}

// MARK: - Deliberate faults (`NDEFReaderFaults`)

extension Type2TagProcedures {
    /// The capacity the reader reports and writes by: the walk's, or, with
    /// `capacity-includes-length-field`, that with the TLV's T and L counted in.
    func capacity(_ image: Type2TagMemory) -> Int {
        let capacity = image.ndefCapacity
        guard faults.ndef.contains(.capacityIncludesLengthField) else { return capacity }
        return capacity + (capacity > 0xFE ? 4 : 2)
    }

    /// Why a reader with `exact-cc-version` or `known-data-area-sizes` takes `cc` for no
    /// NDEF; nil when it does not.
    static func faultyCCRefusal(_ cc: Type2CapabilityContainer, _ faults: NDEFReaderFaults)
        -> NDEFUnsupportedReason?
    {
        let base = Type2Tag.capabilityContainerOffset
        if faults.contains(.exactCCVersion), cc.version != 0x10 {
            return .invalidType2CapabilityContainer(
                .unsupportedVersion(offset: base + 1, version: cc.version))
        }
        if faults.contains(.knownDataAreaSizes),
            !NDEFReaderFaults.knownType2DataAreaSizes.contains(cc.dataAreaSize)
        {
            return .invalidType2CapabilityContainer(
                .dataAreaSizeInvalid(offset: base + 2, size: cc.dataAreaSize))
        }
        return nil
    }

    /// `requires-terminator`: the byte after the NDEF Message TLV (lock and reserved bytes
    /// jumped over) must be a Terminator TLV inside the data area, or the reader sees no
    /// message; the block holding that byte is read when detection stopped short of it.
    func requireTerminator(after image: Type2TagMemory) async throws(NFCReaderError) {
        guard let tlv = image.walk.ndefTLV else { return }
        let dataEnd = Type2Tag.dataAreaOffset + image.capabilityContainer.dataAreaSize
        var next = tlv.endOffset
        while image.walk.areas.contains(where: { $0.range.contains(next) }) { next += 1 }
        guard next < dataEnd else { throw .ndefNotSupported(.noNDEFMessageTLV) }
        let byte =
            next < image.bytes.count
            ? image.bytes[next]
            : try await read(block: next / Type2Tag.blockSize)[next % Type2Tag.blockSize]
        guard byte == Type2TLVTag.terminator.rawValue else {
            throw .ndefNotSupported(.noNDEFMessageTLV)
        }
    }
}
