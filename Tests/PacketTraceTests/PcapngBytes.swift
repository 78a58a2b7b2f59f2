import PacketTrace

/// Reading and patching the little-endian fields of a pcapng file, for tests that check
/// its layout or break it on purpose.
extension Array where Element == UInt8 {
    func u16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    func u32(at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(self[offset + $1]) << ($1 * 8) }
    }

    mutating func put16(_ value: UInt16, at offset: Int) {
        for index in 0..<2 {
            self[offset + index] = UInt8(truncatingIfNeeded: value >> (index * 8))
        }
    }

    mutating func put32(_ value: UInt32, at offset: Int) {
        for index in 0..<4 {
            self[offset + index] = UInt8(truncatingIfNeeded: value >> (index * 8))
        }
    }

    /// The offsets of the blocks, walked by their total lengths.
    var blockOffsets: [Int] {
        var offsets: [Int] = []
        var offset = 0
        while offset + 8 <= count {
            offsets.append(offset)
            offset += Int(u32(at: offset + 4))
        }
        return offsets
    }
}

/// A pcapng block around `body` (padded here), lengths filled in.
func pcapngBlock(type: UInt32, body: [UInt8]) -> [UInt8] {
    var padded = body
    padded += Array(repeating: 0, count: (4 - body.count % 4) % 4)
    let total = UInt32(12 + padded.count)
    var block = [UInt8](repeating: 0, count: 8)
    block.put32(type, at: 0)
    block.put32(total, at: 4)
    block += padded
    block += [0, 0, 0, 0]
    block.put32(total, at: block.count - 4)
    return block
}

/// An Enhanced Packet Block on interface 0 at time 0 carrying `data`.
func enhancedPacketBlock(_ data: [UInt8], interface: UInt32 = 0) -> [UInt8] {
    var body = [UInt8](repeating: 0, count: 20)
    body.put32(interface, at: 0)
    body.put32(UInt32(data.count), at: 12)
    body.put32(UInt32(data.count), at: 16)
    return pcapngBlock(type: 6, body: body + data)
}

/// The smallest file: one RF interface with one REQA.
func oneFrameFile() throws -> [UInt8] {
    try PcapngWriter.write(
        TraceSection(
            comments: [],
            interfaces: [
                InterfaceTrace(
                    interface: TraceInterface(name: "rf", description: "field", link: .rf),
                    records: [TraceRecord(timestamp: 0, kind: .pcdToPICC, bytes: [0x26])])
            ]))
}

/// The header of `oneFrameFile()` without its packet, and a USB interface's instead.
func fileHead(link: TraceInterface.Link) throws -> [UInt8] {
    let file = try PcapngWriter.write(
        TraceSection(
            comments: [],
            interfaces: [
                InterfaceTrace(
                    interface: TraceInterface(name: "i", description: "", link: link), records: [])
            ]))
    return file
}
