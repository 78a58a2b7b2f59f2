/// A map from small integer ids to values, for the field's few cards, readers and frames
/// in flight: kept as an array in ascending id order, searched linearly. With a handful of
/// entries a scan costs less than hashing, which every frame on the air paid several times.
struct IDTable<Value>: Sequence {
    private var slots: [(id: Int, value: Value)] = []

    /// The value stored for `id`; assigning `nil` removes it.
    subscript(id: Int) -> Value? {
        get { index(of: id).map { slots[$0].value } }
        set {
            switch (index(of: id), newValue) {
            case (let index?, let value?): slots[index].value = value
            case (let index?, nil): slots.remove(at: index)
            case (nil, let value?):
                let position = slots.firstIndex { $0.id > id } ?? slots.endIndex
                slots.insert((id, value), at: position)
            case (nil, nil): break
            }
        }
    }

    /// Whether a value is stored for `id`.
    func contains(_ id: Int) -> Bool { index(of: id) != nil }

    /// Changes the value for `id` in place (no copy of it); `nil` when there is none.
    mutating func update<R>(_ id: Int, _ change: (inout Value) -> R) -> R? {
        guard let index = index(of: id) else { return nil }
        return change(&slots[index].value)
    }

    /// Removes and returns the value for `id`.
    @discardableResult
    mutating func removeValue(forKey id: Int) -> Value? {
        guard let index = index(of: id) else { return nil }
        return slots.remove(at: index).value
    }

    /// The ids, ascending.
    var ids: [Int] { slots.map(\.id) }

    var isEmpty: Bool { slots.isEmpty }

    func makeIterator() -> IndexingIterator<[(id: Int, value: Value)]> {
        slots.makeIterator()
    }

    private func index(of id: Int) -> Int? {
        slots.firstIndex { $0.id == id }
    }
}
