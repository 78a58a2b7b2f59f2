/// A first-in first-out mailbox whose receive is a wait on the simulation clock, so a host
/// waiting for a chip's answer lets virtual time advance.
public final class SimulationChannel<Element: Sendable>: Sendable {
    let clock: SimulationClock
    let id: Int

    /// Creates an empty channel on `clock`.
    public init(clock: SimulationClock) {
        self.clock = clock
        id = clock.state.withLock { state in
            defer { state.nextChannelID += 1 }
            state.buffers[state.nextChannelID] = []
            return state.nextChannelID
        }
    }

    deinit {
        // Channels come and go with every frame on the air: their bookkeeping goes with them.
        // Unread elements are released after the lock: one may hold another channel, whose
        // own deinit takes the same lock.
        let unread = clock.state.withLock { state in
            state.receivers[id] = nil
            return state.buffers.removeValue(forKey: id)
        }
        withExtendedLifetime(unread) {}
    }

    /// Delivers `element` to the longest-waiting receiver, or queues it.
    public func send(_ element: Element) {
        let wake: PendingWake? = clock.state.withLock { state in
            while let receiver = state.receivers[id]?.first {
                state.receivers[id]?.removeFirst()
                if let waiter = state.waiters.removeValue(forKey: receiver) {
                    state.active += 1
                    return PendingWake(resumption: waiter.resumption, wake: .signaled(element))
                }
            }
            state.buffers[id, default: []].append(element)
            return nil
        }
        wake?.resume()
    }

    /// The next element, waiting until `deadline` at most (`nil`: no deadline). Nonsending:
    /// the receiver waits on its own actor instead of hopping off it and back.
    public nonisolated(nonsending) func receive(deadline: SimulationInstant?)
        async throws(SimulationError) -> Element
    {
        // An element already queued is taken without setting up a wait (often, as with an
        // ACK that is there before the host asks for it).
        if let element = tryReceive() { return element }
        let wake = await clock.wait(deadline: deadline, channel: id) { state, waiterID in
            if let buffered = state.buffers[id], !buffered.isEmpty {
                return .signaled(state.buffers[id]!.removeFirst())
            }
            state.receivers[id, default: []].append(waiterID)
            return nil
        }
        switch wake {
        case .signaled(let element):
            // Only this channel's `send` signals its receivers, always with an `Element`.
            return element as! Element
        case .timedOut: throw .timedOut
        case .failed(let error): throw error
        }
    }

    /// The next element, waiting `timeout` at most.
    public nonisolated(nonsending) func receive(timeout: Duration) async throws(SimulationError)
        -> Element
    {
        try await receive(deadline: clock.now.advanced(by: timeout))
    }

    /// The next element if one is queued, without waiting.
    public func tryReceive() -> Element? {
        clock.state.withLock { state in
            guard let buffered = state.buffers[id], !buffered.isEmpty else { return nil }
            return state.buffers[id]!.removeFirst() as? Element
        }
    }

    /// Elements sent and not received yet: what a teardown reports as left over.
    public var pendingCount: Int { clock.state.withLock { $0.buffers[id]?.count ?? 0 } }
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
