import Synchronization
import Testing

@testable import PN533Sim

/// The clock's lock-free copy of its time.
@Suite struct PublishedInstantTests {
    /// What the reader and the writer share.
    final class Race: Sendable {
        let torn = Atomic(0)
        let done = Atomic(false)
    }

    @Test func anInstantBeyondSixtyFourBitsOfAttosecondsReadsBackWhole() {
        let published = PublishedInstant()
        #expect(published.load() == .zero)
        // 20 s is 2·10¹⁹ attoseconds: more than a UInt64 holds.
        let late = SimulationInstant(offset: .seconds(20) + .nanoseconds(3))
        published.store(late)
        #expect(published.load() == late)
    }

    @Test func aReaderNeverSeesHalfOfAWrite() async {
        let published = PublishedInstant()
        let race = Race()
        // Every instant written is a whole number of steps, with both halves changing.
        let step = Duration.seconds(19) + .nanoseconds(1)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 1...20_000 {
                    published.store(SimulationInstant(offset: step * index))
                }
                race.done.store(true, ordering: .releasing)
            }
            group.addTask {
                while !race.done.load(ordering: .acquiring) {
                    let seen = published.load().offset.attoseconds
                    if seen % step.attoseconds != 0 { race.torn.add(1, ordering: .relaxed) }
                }
            }
        }
        #expect(race.torn.load(ordering: .relaxed) == 0)
        #expect(published.load() == SimulationInstant(offset: step * 20_000))
    }
}
