import NFCRigTestSupport
import Testing

@testable import TagEmulation

/// An emulated tag's log keeps its newest events and counts them all.
@Suite struct TagEventLogTests {
    final class Ticks: Sendable {
        let value = Locked(0)
        func next() -> Duration {
            .milliseconds(
                value.withLock {
                    $0 += 1
                    return $0
                })
        }
    }

    @Test func aFullLogKeepsTheNewestEventsAndCountsEveryOne() {
        let ticks = Ticks()
        let log = TagEventLog(now: { ticks.next() }, capacity: 3)
        log.record(.listening)
        for command: UInt8 in 1...3 { log.record(.received([command])) }
        log.record(.sent([0x90, 0x00]))
        #expect(log.events.map(\.kind) == [.received([2]), .received([3]), .sent([0x90, 0x00])])
        #expect(log.events.map(\.at) == [.milliseconds(3), .milliseconds(4), .milliseconds(5)])
        #expect(log.recordedCount == 5)
        #expect(log.receivedCount == 3)
    }

    @Test func aFollowerIsToldHowManyEventsItMissed() {
        let log = TagEventLog(now: { .zero }, capacity: 2)
        #expect(log.events(after: 0).events.isEmpty)
        log.record(.listening)
        let first = log.events(after: 0)
        #expect(first.events.map(\.kind) == [.listening] && first.dropped == 0)
        for command: UInt8 in 1...3 { log.record(.received([command])) }
        // Three new events since the first; the log keeps two of them.
        let next = log.events(after: 1)
        #expect(next.events.map(\.kind) == [.received([2]), .received([3])])
        #expect(next.dropped == 1)
        #expect(log.events(after: 4).events.isEmpty && log.events(after: 4).dropped == 0)
    }

    @Test func aFollowerGetsTheSameEventsWhereverTheRingHasWrapped() {
        let capacity = 5
        let log = TagEventLog(now: { .zero }, capacity: capacity)
        var all: [TagEvent.Kind] = []
        for command in 0..<23 {
            let kind = TagEvent.Kind.received([UInt8(command)])
            log.record(kind)
            all.append(kind)
            // Every follower position, from far behind to up to date.
            for after in 0...all.count {
                let new = all.count - after
                let kept = min(new, capacity)
                let answer = log.events(after: after)
                #expect(answer.events.map(\.kind) == Array(all.suffix(kept)))
                #expect(answer.dropped == new - kept)
            }
            #expect(log.events.map(\.kind) == Array(all.suffix(capacity)))
        }
    }
}
