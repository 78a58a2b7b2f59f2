import Testing

@testable import PN533Sim

/// The clock's bookkeeping on its own: the heap of deadlines, stale entries, deadlocks.
@Suite struct ClockStateTests {
    static func at(_ milliseconds: Int64) -> SimulationInstant {
        SimulationInstant(offset: .milliseconds(milliseconds))
    }

    /// Registers a timer wait due at `milliseconds`; returns its id.
    static func addTimer(_ state: inout ClockState, at milliseconds: Int64?) -> Int {
        let id = state.issueID()
        state.add(
            Wait(id: id, deadline: milliseconds.map(at), resumption: .timer({})))
        return id
    }

    /// The time `advanceIfIdle` moves to and the ids of the waits it ends, in its order.
    static func nextDue(_ state: inout ClockState) -> (instant: SimulationInstant, ids: [Int]) {
        let ended = state.advanceIfIdle()
        state.running -= ended.count
        return (state.now, ended.map(\.id))
    }

    @Test func waitsEndEarliestDeadlineFirstWhateverOrderTheyBegan() {
        var state = ClockState()
        let late = Self.addTimer(&state, at: 30)
        let early = Self.addTimer(&state, at: 10)
        let middle = Self.addTimer(&state, at: 20)
        let alsoEarly = Self.addTimer(&state, at: 10)
        #expect(Self.nextDue(&state) == (Self.at(10), [early, alsoEarly]))
        #expect(Self.nextDue(&state) == (Self.at(20), [middle]))
        #expect(Self.nextDue(&state) == (Self.at(30), [late]))
        #expect(state.waits.isEmpty)
    }

    @Test func waitsDueTogetherEndInTheOrderTheyBegan() {
        var state = ClockState()
        let ids = (0..<5).map { _ in Self.addTimer(&state, at: 7) }
        #expect(Self.nextDue(&state) == (Self.at(7), ids))
    }

    @Test func removedWaitsNeitherEndNorHoldTimeBackAndTheHeapStaysSmall() {
        var state = ClockState()
        // Most timed waits end early (a frame arrives before its timeout): ten thousand
        // removed ones must not be mistaken for due ones, nor pile up in the heap.
        for milliseconds in 1...10_000 {
            let id = Self.addTimer(&state, at: Int64(milliseconds))
            #expect(state.remove(id) != nil)
        }
        let kept = Self.addTimer(&state, at: 20_000)
        #expect(state.heapCount < 200)
        #expect(Self.nextDue(&state) == (Self.at(20_000), [kept]))
    }

    @Test func withNoDeadlineLeftEveryWaitFailsAsADeadlockAtTheCurrentTime() {
        var state = ClockState()
        let timed = Self.addTimer(&state, at: 4)
        let untimed = Self.addTimer(&state, at: nil)
        #expect(Self.nextDue(&state) == (Self.at(4), [timed]))
        let ended = state.advanceIfIdle()
        #expect(ended.map(\.id) == [untimed])
        guard case .failed(let error) = ended.first?.wake else {
            Issue.record("wait \(untimed) did not fail")
            return
        }
        #expect(error == .deadlock(at: Self.at(4)))
    }

    @Test func nothingMovesWhileAParticipantRuns() {
        var state = ClockState()
        _ = Self.addTimer(&state, at: 1)
        state.running = 1
        #expect(state.advanceIfIdle().isEmpty)
        #expect(state.now == .zero)
    }
}
