import Foundation
import PN533
import TagFormat
import Testing

@testable import Rig

/// A Type 2 setup with a layout: the slot serves the layout's image, with the chip's UID in
/// block 0 and the message where the layout says.
@Suite struct Type2LayoutSlotTests {
    @Test func theSlotServesTheLayoutsImageWithTheChipsUID() async throws {
        let rig = try await AssembledRig.assemble(
            TagSlotReadinessTests.file, directory: URL(fileURLWithPath: "/"))
        let slot = rig.tagSlot(on: rig.emulators[0])
        let reader = try #require(rig.readerChip).device
        let message: [UInt8] = [0xD0, 0x00, 0x00]
        let layout = Type2LayoutVariant(
            version: 0x20, elements: [.null(count: 2), .message, .terminator])
        let setup = Type2Setup(layout: layout, content: message)
        #expect(setup.dataAreaSize == 144)
        let (uid, blocks) = try await rig.run {
            try await slot.present(.type2(setup))
            try await reader.open()
            let found = try await reader.listPassiveTargets(max: 1)
            #expect(found.count == 1)
            let blocks = try await reader.exchange(target: 1, [0x30, 0x00])
            let uid = await slot.uidInField
            await slot.stop()
            return (uid, blocks)
        }
        let expected = try layout.image(uid: try #require(uid), message: message)
        #expect(Array(blocks.prefix(16)) == Array(expected.prefix(16)))
        #expect(blocks[13] == 0x20)
        await rig.close()
    }
}
