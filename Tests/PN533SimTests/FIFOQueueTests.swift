import Testing

@testable import PN533Sim

/// The executor's and the channels' queue: first in, first out, whatever the interleaving.
@Suite struct FIFOQueueTests {
    @Test func elementsComeOutInTheOrderTheyWentInAcrossDrainsAndRefills() {
        var queue = FIFOQueue<Int>()
        var expected: [Int] = []
        var taken: [Int] = []
        var next = 0
        // Appends and pops in uneven runs, draining the queue now and then, so that slots
        // are reused at every position.
        for round in 0..<200 {
            for _ in 0..<(round % 7) {
                queue.append(next)
                expected.append(next)
                next += 1
            }
            for _ in 0..<(round % 5) {
                if let element = queue.popFirst() { taken.append(element) }
            }
            #expect(queue.count == expected.count - taken.count)
            #expect(queue.isEmpty == (queue.count == 0))
        }
        while let element = queue.popFirst() { taken.append(element) }
        #expect(taken == expected)
        #expect(queue.isEmpty)
        #expect(queue.popFirst() == nil)
    }

    @Test func aTakenElementIsNoLongerKeptAlive() {
        final class Box {}
        var queue = FIFOQueue<Box>()
        weak var first: Box?
        do {
            let box = Box()
            first = box
            queue.append(box)
            queue.append(Box())
        }
        _ = queue.popFirst()
        #expect(first == nil)
        #expect(queue.count == 1)
    }
}
