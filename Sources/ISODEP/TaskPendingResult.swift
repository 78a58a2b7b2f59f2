import Locking

/// A result a plain task will deliver, awaited with a wall-clock deadline by any number of
/// waiters; a waiter that gives up leaves the result for the next.
final class TaskPendingResult: ISODEPPendingResult {
    private struct State {
        var value: [UInt8]?
        var waiters: [Int: CheckedContinuation<[UInt8]?, Never>] = [:]
        var nextWaiter = 0
    }

    private let origin: ContinuousClock.Instant
    private let state = Lock(State())

    init(origin: ContinuousClock.Instant) { self.origin = origin }

    func complete(_ value: [UInt8]) {
        let waiters = state.withLock { state in
            state.value = value
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    nonisolated(nonsending) func value(before deadline: Duration?) async -> [UInt8]? {
        if let value = state.withLock({ $0.value }) { return value }
        guard let deadline else { return await waitForValue() }
        let wake = origin + deadline
        return await withTaskGroup(of: [UInt8]?.self) { group in
            group.addTask { await self.waitForValue() }
            group.addTask {
                try? await Task.sleep(until: wake, clock: .continuous)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? state.withLock { $0.value }
        }
    }

    /// Waits for the value; a cancelled wait returns `nil`.
    private func waitForValue() async -> [UInt8]? {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[UInt8]?, Never>) in
                let ready: [UInt8]?? = state.withLock { state in
                    if let value = state.value { return .some(value) }
                    // Cancelled before registering: the handler below found nothing to resume.
                    if Task.isCancelled { return .some(nil) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: nil)
        }
    }
}
