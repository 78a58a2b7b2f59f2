import NFCRigTestSupport
import TagEmulation
import TagFormat
import Testing

/// A tag serving a layout variant: its reserved bytes refuse to change, its lock bits, set
/// without the CC saying read-only, refuse WRITEs to what they lock.
@Suite struct Type2LayoutEmulationTests {
    static let uid: [UInt8] = [0x08, 0xA1, 0xB2, 0xC3]

    static func tag(_ layout: Type2LayoutVariant) throws -> Type2TagEmulation {
        try Type2TagEmulation(image: layout.image(uid: uid, message: exampleURIMessage))
    }

    /// `A2 n` and 4 bytes.
    static func write(_ block: Int, _ data: [UInt8]) -> [UInt8] { [0xA2, UInt8(block)] + data }

    @Test func aWriteThatWouldChangeAReservedByteIsRefusedAndOneThatKeepsThemLands() throws {
        let reserved = try #require(Type2MemoryControl(position: 42, size: 4))
        var tag = try Self.tag(
            Type2LayoutVariant(elements: [.memoryControl(reserved), .message, .terminator]))
        #expect(tag.reservedAreas == [42..<46])
        #expect(Array(tag.memory[42..<46]) == [0xEE, 0xEE, 0xEE, 0xEE])
        #expect(tag.respond(to: Self.write(10, [1, 2, 0xEE, 0xEE])) == .acknowledgement)
        #expect(tag.respond(to: Self.write(11, [0xEE, 0xEE, 3, 4])) == .acknowledgement)
        #expect(tag.respond(to: Self.write(10, [1, 2, 0xEE, 0x00])) == .invalidArgument)
        #expect(Array(tag.memory[40..<48]) == [1, 2, 0xEE, 0xEE, 0xEE, 0xEE, 3, 4])
        #expect(tag.writes.count == 2)
    }

    @Test func staticLockBitsAloneRefuseWritesToTheDataArea() throws {
        var tag = try Self.tag(
            Type2LayoutVariant(
                dataAreaSize: 48, elements: [.message, .terminator], staticallyLocked: true))
        #expect(tag.memory[15] == 0x00)
        #expect(tag.respond(to: Self.write(4, [0, 0, 0, 0])) == .invalidArgument)
        #expect(tag.respond(to: Self.write(15, [0, 0, 0, 0])) == .invalidArgument)
        #expect(tag.writes.isEmpty)
    }

    @Test func dynamicLockBitsAloneRefuseWritesFromBlock16On() throws {
        var tag = try Self.tag(
            Type2LayoutVariant(
                dataAreaSize: 888, elements: [.message, .terminator], dynamicallyLocked: true))
        #expect(tag.dynamicLockBits?.area == 904..<918)
        #expect(tag.respond(to: Self.write(15, [1, 2, 3, 4])) == .acknowledgement)
        #expect(tag.respond(to: Self.write(16, [1, 2, 3, 4])) == .invalidArgument)
        #expect(tag.respond(to: Self.write(225, [1, 2, 3, 4])) == .invalidArgument)
        #expect(tag.writes.map(\.offset) == [60])
    }

    @Test func aTagWithAnotherMajorVersionIsServedAsItIsWithNoAreasKnown() throws {
        var tag = try Self.tag(
            Type2LayoutVariant(version: 0x20, elements: [.message, .terminator]))
        #expect(tag.dynamicLockBits == nil)
        #expect(tag.respond(to: [0x30, 0x03]) == .data(Array(tag.memory[12..<28])))
        #expect(tag.memory[13] == 0x20)
    }
}
