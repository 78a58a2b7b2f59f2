import ISODEP
import Testing

/// The wall-clock scheduler a bench uses: work runs on its own, a wait for its result gives
/// up at its deadline without losing the result, a cancelled wait ends at once.
@Suite struct ContinuousSchedulerTests {
    @Test("a wait gives up at its deadline and the result is still collected later")
    func deadlines() async {
        let scheduler = ContinuousISODEPScheduler()
        // The work finishes only when the test says so, whatever the machine's load.
        let gate = AsyncStream<Void>.makeStream()
        let pending = scheduler.start {
            for await _ in gate.stream { break }
            return [0x90, 0x00]
        }
        #expect(await pending.value(before: scheduler.now + .milliseconds(2)) == nil)
        gate.continuation.yield()
        gate.continuation.finish()
        #expect(await pending.value(before: nil) == [0x90, 0x00])
        #expect(await pending.value(before: .zero) == [0x90, 0x00])
    }

    @Test("a cancelled wait returns nil at once")
    func cancellation() async {
        let scheduler = ContinuousISODEPScheduler()
        let pending = scheduler.start {
            try? await Task.sleep(for: .seconds(10))
            return []
        }
        let waiter = Task { await pending.value(before: nil) }
        try? await Task.sleep(for: .milliseconds(5))
        waiter.cancel()
        #expect(await waiter.value == nil)
    }

    @Test("now counts from the scheduler's creation and sleep waits")
    func time() async {
        let scheduler = ContinuousISODEPScheduler()
        let start = scheduler.now
        await scheduler.sleep(for: .milliseconds(5))
        #expect(scheduler.now - start >= .milliseconds(5))
    }
}
