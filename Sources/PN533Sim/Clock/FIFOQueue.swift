/// A first-in first-out queue over an array: taking the oldest element moves an index
/// instead of shifting the rest, which costs thousands of instructions in unspecialised
/// code (a channel of another module's element type). The storage is reused once drained.
struct FIFOQueue<Element> {
    private var elements: [Element] = []
    /// Where the oldest element not taken yet is.
    private var head = 0

    /// How many elements wait.
    var count: Int { elements.count - head }

    var isEmpty: Bool { head == elements.count }

    mutating func append(_ element: Element) { elements.append(element) }

    /// Takes the oldest element; `nil` when none waits.
    mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        let element = elements[head]
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        }
        return element
    }
}
