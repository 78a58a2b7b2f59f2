import Locking

/// A first-in first-out mailbox whose receive is a wait on the simulation clock, so a host
/// waiting for a chip's answer lets virtual time advance.
public final class SimulationChannel<Element: Sendable>: Sendable {
    let clock: SimulationClock
    // Guarded by the clock's lock, not one of its own: "a receiver waits" and "nobody runs"
    // are decided together. Kept here rather than in the clock's state so that a send finds
    // its queue without a look-up and its elements keep their type. Exclusivity is not
    // checked at run time: under the lock accesses never overlap, and the checks were a
    // fifth of a send's cost.
    @exclusivity(unchecked) private nonisolated(unsafe) var queue = FIFOQueue<Element>()
    /// Waiter ids of receivers, longest-waiting first; an id whose wait ended otherwise is
    /// skipped (and dropped by its receiver).
    @exclusivity(unchecked) private nonisolated(unsafe) var receivers: [Int] = []
    /// How many of the oldest queued elements are promised to receivers already woken: a
    /// receiver is woken with a bare signal and takes its element itself, so that elements
    /// do not travel through the clock's untyped wake (a box and a cast each).
    @exclusivity(unchecked) private nonisolated(unsafe) var promised = 0

    /// Creates an empty channel on `clock`.
    public init(clock: SimulationClock) {
        self.clock = clock
    }

    /// Delivers `element` to the longest-waiting receiver, or queues it.
    public func send(_ element: Element) {
        // A receiver's wait is always a suspended task (a continuation), never a timer's
        // action: handing the continuation out alone spares a send the general wake's copies.
        let receiver: UnsafeContinuation<Wake, Never>? = clock.state.withLock { state in
            while !receivers.isEmpty {
                let id = receivers.removeFirst()
                if let waiter = state.remove(waiter: id),
                    case .continuation(let continuation) = waiter.resumption
                {
                    state.active += 1
                    promised += 1
                    queue.append(element)
                    return continuation
                }
            }
            queue.append(element)
            return nil
        }
        receiver?.resume(returning: .signaled)
    }

    /// The next element, waiting until `deadline` at most (`nil`: no deadline). Nonsending:
    /// the receiver waits on its own actor instead of hopping off it and back.
    public nonisolated(nonsending) func receive(deadline: SimulationInstant?)
        async throws(SimulationError) -> Element
    {
        try await take(before: deadline)
    }

    /// The next element, waiting `timeout` at most. Inlined, with the wait, into the chip's
    /// `nextFrameForHost` (each call level is an asynchronous frame to set up per wait).
    @inline(__always) public nonisolated(nonsending) func receive(timeout: Duration)
        async throws(SimulationError)
        -> Element
    {
        try await take(before: clock.now.advanced(by: timeout))
    }

    /// `receive`'s body.
    @inline(__always) private nonisolated(nonsending) func take(
        before deadline: SimulationInstant?
    ) async throws(SimulationError) -> Element {
        // An element already queued is taken without setting up a wait (often, as with an
        // ACK that is there before the host asks for it).
        if let element = tryReceive() { return element }
        var registered: Int?
        var taken: Element?
        let wake = await clock.wait(deadline: deadline) { state, waiterID in
            if queue.count > promised {
                taken = queue.popFirst()
                return .signaled
            }
            receivers.append(waiterID)
            registered = waiterID
            return nil
        }
        switch wake {
        case .signaled:
            if let taken { return taken }
            // Woken by `send`, which promised this receiver the oldest element: receivers
            // resume in the order they were woken, on the one serial executor.
            return clock.state.withLock { _ in
                promised -= 1
                return queue.popFirst()!
            }
        case .timedOut, .failed:
            if let id = registered {
                clock.state.withLock { _ in receivers.removeAll { $0 == id } }
            }
            if case .failed(let error) = wake { throw error }
            throw .timedOut
        }
    }

    /// The next element if one is queued, without waiting.
    public func tryReceive() -> Element? {
        clock.state.withLock { _ in queue.count > promised ? queue.popFirst() : nil }
    }

    /// Elements sent and not received yet: what a teardown reports as left over.
    public var pendingCount: Int { clock.state.withLock { _ in queue.count } }
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
