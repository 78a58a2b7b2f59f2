import Testing

@testable import PN533Sim

/// The field's small id-keyed table: a dictionary's behaviour, in ascending id order.
@Suite struct IDTableTests {
    @Test func valuesAreFoundByIdAndListedInAscendingOrder() {
        var table = IDTable<String>()
        table[7] = "seven"
        table[2] = "two"
        table[5] = "five"
        #expect(table[5] == "five")
        #expect(table[3] == nil)
        #expect(table.ids == [2, 5, 7])
        #expect(table.map(\.value) == ["two", "five", "seven"])
    }

    @Test func assigningReplacesAndNilRemoves() {
        var table = IDTable<Int>()
        table[1] = 10
        table[1] = 11
        table[2] = 20
        table[1] = nil
        table[9] = nil
        #expect(table.ids == [2])
        #expect(table[2] == 20)
    }

    @Test func removingReturnsTheValueOnce() {
        var table = IDTable<Int>()
        table[4] = 40
        #expect(table.removeValue(forKey: 4) == 40)
        #expect(table.removeValue(forKey: 4) == nil)
        #expect(table.isEmpty)
    }

    @Test func aValueIsChangedInPlaceThroughOptionalChaining() {
        var table = IDTable<[Int]>()
        table[3] = [1]
        table[3]?.append(2)
        table[8]?.append(2)
        #expect(table[3] == [1, 2])
        #expect(table[8] == nil)
    }
}
