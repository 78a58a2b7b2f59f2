import Testing

@testable import Rig

/// A wall signal wakes its one waiter, keeps a signal nobody waited for, and ends a wait at
/// its deadline or its cancellation.
@Suite struct WallSignalTests {
    @Test func aSignalSentBeforeTheWaitIsTakenAtOnce() async throws {
        let signal = WallSignal()
        signal.send()
        try await signal.wait(until: .now + .seconds(30))
    }

    @Test func manySignalsNobodyWaitedForCountAsOne() async throws {
        let signal = WallSignal()
        signal.send()
        signal.send()
        try await signal.wait(until: .now + .seconds(30))
        await #expect(throws: WallSignal.WaitError.timedOut) {
            try await signal.wait(until: .now + .milliseconds(10))
        }
    }

    @Test func aWaitEndsAtASignalSentLater() async throws {
        let signal = WallSignal()
        let sender = Task {
            try await Task.sleep(for: .milliseconds(10))
            signal.send()
        }
        try await signal.wait(until: .now + .seconds(30))
        try await sender.value
    }

    @Test func aWaitWithNoSignalTimesOutAtItsDeadline() async {
        let signal = WallSignal()
        let start = ContinuousClock.now
        await #expect(throws: WallSignal.WaitError.timedOut) {
            try await signal.wait(until: start + .milliseconds(20))
        }
        #expect(ContinuousClock.now - start >= .milliseconds(20))
    }

    @Test func aCancelledWaitEndsAtOnce() async {
        let signal = WallSignal()
        let start = ContinuousClock.now
        let waiter = Task {
            try await signal.wait(until: .now + .seconds(60))
        }
        try? await Task.sleep(for: .milliseconds(10))
        waiter.cancel()
        await #expect(throws: WallSignal.WaitError.cancelled) { try await waiter.value }
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func aWaitCancelledBeforeItStartsEndsAtOnce() async {
        let signal = WallSignal()
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await signal.wait(until: .now + .seconds(60))
        }
        await #expect(throws: WallSignal.WaitError.cancelled) { try await waiter.value }
    }

    @Test func aSignalAfterATimeoutIsKeptForTheNextWait() async throws {
        let signal = WallSignal()
        await #expect(throws: WallSignal.WaitError.timedOut) {
            try await signal.wait(until: .now + .milliseconds(5))
        }
        signal.send()
        try await signal.wait(until: .now + .seconds(30))
    }
}
