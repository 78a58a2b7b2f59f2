import DequeModule
import Locking

/// A first-in first-out mailbox whose receive is a wait on the simulation clock, so a host
/// waiting for a chip's answer lets virtual time advance.
public final class SimulationChannel<Element: Sendable>: Sendable {
    let clock: SimulationClock
    private let state = Lock(State())

    private struct State: Sendable {
        var queue = Deque<Element>()
        /// Wait ids of receivers, longest-waiting first; an id whose wait ended otherwise
        /// (a timeout, a cancellation) is skipped.
        var receivers: [Int] = []
        /// How many of the oldest queued elements are promised to receivers already woken:
        /// a woken receiver takes its element itself once it runs, and nobody else may.
        var promised = 0

        var available: Bool { queue.count > promised }
    }

    /// Creates an empty channel on `clock`.
    public init(clock: SimulationClock) {
        self.clock = clock
    }

    /// Delivers `element` to the longest-waiting receiver, or queues it.
    public func send(_ element: Element) {
        // The channel's lock, then the clock's: the order every channel operation takes them.
        let receiver: CheckedContinuation<Wake, Never>? = state.withLock { state in
            state.queue.append(element)
            while !state.receivers.isEmpty {
                if let continuation = clock.claim(state.receivers.removeFirst()) {
                    state.promised += 1
                    return continuation
                }
            }
            return nil
        }
        receiver?.resume(returning: .signaled)
    }

    /// The next element, waiting `timeout` at most.
    public nonisolated(nonsending) func receive(timeout: Duration)
        async throws(SimulationError) -> Element
    {
        try await receive(deadline: clock.now.advanced(by: timeout))
    }

    /// The next element, waiting until `deadline` at most (`nil`: no deadline). Nonsending:
    /// the receiver waits on its own actor instead of hopping off it and back.
    public nonisolated(nonsending) func receive(deadline: SimulationInstant?)
        async throws(SimulationError) -> Element
    {
        // An element already queued is taken without setting up a wait.
        if let element = tryReceive() { return element }
        var taken: Element?
        var registered: Int?
        let wake = await clock.wait(deadline: deadline) { wait in
            state.withLock { state in
                if state.available {
                    taken = state.queue.popFirst()
                    return .signaled
                }
                if let answer = clock.enlist(wait) { return answer }
                state.receivers.append(wait.id)
                registered = wait.id
                return nil
            }
        }
        switch wake {
        case .signaled:
            if let taken { return taken }
            // Woken by `send`, which promised this receiver the oldest element.
            return state.withLock { state in
                state.promised -= 1
                return state.queue.popFirst()!
            }
        case .timedOut, .failed:
            if let registered {
                state.withLock { $0.receivers.removeAll { $0 == registered } }
            }
            if case .failed(let error) = wake { throw error }
            throw .timedOut
        }
    }

    /// The next element if one is queued, without waiting.
    public func tryReceive() -> Element? {
        state.withLock { $0.available ? $0.queue.popFirst() : nil }
    }

    /// Elements sent and not received yet: what a teardown reports as left over.
    public var pendingCount: Int { state.withLock { $0.queue.count } }
}

/// A participant task started by `SimulationClock.spawn`; awaiting its value waits on the
/// clock, so virtual time goes on while it runs.
public struct SimulationTask<Success: Sendable>: Sendable {
    let completion: SimulationChannel<Result<Success, any Error>>
    let task: Task<Void, Never>

    /// The task's result, once it has finished.
    public var value: Success {
        get async throws {
            let result: Result<Success, any Error>
            do {
                result = try await completion.receive(deadline: nil)
            } catch {
                throw error
            }
            // Put it back so that later awaits see it too.
            completion.send(result)
            return try result.get()
        }
    }

    /// Cancels the task.
    public func cancel() { task.cancel() }
}
