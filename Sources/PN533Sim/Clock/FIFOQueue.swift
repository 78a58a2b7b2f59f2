/// A first-in first-out queue over an array: taking the oldest element moves an index
/// instead of shifting the rest, and slots are reused once the queue is drained.
struct FIFOQueue<Element> {
    /// Taken slots hold `nil`, so that the queue keeps nothing it handed out alive.
    private var slots: [Element?] = []
    /// Where the oldest element not taken yet is.
    private var head = 0
    /// How many slots are in use (taken or waiting).
    private var used = 0

    /// How many elements wait.
    var count: Int { used - head }

    var isEmpty: Bool { head == used }

    mutating func append(_ element: Element) {
        if used < slots.count {
            slots[used] = element
        } else {
            slots.append(element)
        }
        used += 1
    }

    /// Takes the oldest element; `nil` when none waits.
    mutating func popFirst() -> Element? {
        guard head < used else { return nil }
        let element = slots[head].take()
        head += 1
        if head == used {
            head = 0
            used = 0
        }
        return element
    }
}

extension FIFOQueue: Sendable where Element: Sendable {}
