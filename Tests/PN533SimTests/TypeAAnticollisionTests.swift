import Testing

@testable import PN533Sim

@Suite struct TypeAAnticollisionTests {
    private func card(_ uid: [UInt8], sak: UInt8 = 0x20) throws -> TypeAIdentity {
        try TypeAIdentity(uid: uid, sensRes: [0x00, 0x04], selRes: sak)
    }

    @Test func aLoneCardIsSelectedWithoutCollision() throws {
        let selection = TypeAAnticollision.selectOne(among: [try card([0x08, 0x01, 0x02, 0x03])])
        #expect(selection == .init(card: 0, frames: 2, collided: false))
    }

    @Test func twoCardsCollideAndTheOneSendingABitOfOneWins() throws {
        // The UIDs first differ in bit 0 of byte 1: 0x01 sends 1 there, 0x00 sends 0.
        let cards = [try card([0x08, 0x00, 0, 0]), try card([0x08, 0x01, 0, 0])]
        let selection = TypeAAnticollision.selectOne(among: cards)
        #expect(selection?.card == 1)
        #expect(selection?.collided == true)
        #expect(selection?.frames == 3)
    }

    @Test func maxTgTwoReportsBothCardsOneAfterTheOther() throws {
        let cards = [try card([0x08, 0x00, 0, 0]), try card([0x08, 0x01, 0, 0])]
        let selections = TypeAAnticollision.selectAll(among: cards, limit: 2)
        #expect(selections.map(\.card) == [1, 0])
        #expect(selections.map(\.collided) == [true, false])
    }

    @Test func aSevenByteUIDTakesTwoCascadeLevels() throws {
        let long = try card([0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66], sak: 0x00)
        #expect(long.cascadeLevels == [[0x88, 0x04, 0x11, 0x22], [0x33, 0x44, 0x55, 0x66]])
        let selection = TypeAAnticollision.selectOne(among: [long])
        #expect(selection == .init(card: 0, frames: 4, collided: false))
    }

    @Test func aSingleSizeUIDBeatsADoubleSizeOneWhenTheCascadeTagCollides() throws {
        // 0x88 = 1000 1000 and 0x08 = 0000 1000 first differ at bit 7, where 0x88 has the 1.
        let cards = [
            try card([0x08, 0x01, 0x02, 0x03]),
            try card([0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66], sak: 0x00),
        ]
        #expect(TypeAAnticollision.selectOne(among: cards)?.card == 1)
    }

    @Test func identitiesWithImpossibleSizesAreRefused() {
        #expect(throws: TypeAIdentity.Invalid.uidLength(5)) {
            try TypeAIdentity(uid: [1, 2, 3, 4, 5], sensRes: [0, 4], selRes: 0)
        }
        #expect(throws: TypeAIdentity.Invalid.cascadeTagInUID) {
            try TypeAIdentity(uid: [0x88, 2, 3, 4], sensRes: [0, 4], selRes: 0)
        }
    }

    @Test func manyCardsAreAllSelectedInADeterministicOrder() throws {
        let cards = try (0..<6).map { try card([0x08, UInt8($0 * 37 & 0xFF), UInt8($0), 0x5A]) }
        let first = TypeAAnticollision.selectAll(among: cards, limit: 6)
        #expect(Set(first.map(\.card)) == Set(0..<6))
        #expect(first == TypeAAnticollision.selectAll(among: cards, limit: 6))
    }
}
