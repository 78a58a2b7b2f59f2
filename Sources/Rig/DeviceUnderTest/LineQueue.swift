import Locking

/// Lines from a child's stdout, filled by a reading thread and taken by one waiter at a time
/// with a wall-clock timeout.
final class LineQueue: Sendable {
    enum Next: Sendable, Equatable {
        case line(String)
        case timedOut
        case endOfStream
    }

    private struct State {
        var lines: [String] = []
        var ended = false
        var waiter: (id: Int, continuation: CheckedContinuation<Next, Never>)?
        var nextWaiterID = 0
    }

    private let state = Lock(State())

    /// Adds a line (reading thread).
    func push(_ line: String) {
        let waiter = state.withLock { state in
            if let waiter = state.waiter {
                state.waiter = nil
                return Optional(waiter.continuation)
            }
            state.lines.append(line)
            return nil
        }
        waiter?.resume(returning: .line(line))
    }

    /// Marks the end of the stream (reading thread).
    func finish() {
        let waiter = state.withLock { state in
            state.ended = true
            defer { state.waiter = nil }
            return state.waiter?.continuation
        }
        waiter?.resume(returning: .endOfStream)
    }

    /// The next line, waiting `timeout` at most.
    func next(timeout: Duration) async -> Next {
        await withCheckedContinuation { (continuation: CheckedContinuation<Next, Never>) in
            let immediate: Next? = state.withLock { state in
                if !state.lines.isEmpty { return .line(state.lines.removeFirst()) }
                if state.ended { return .endOfStream }
                let id = state.nextWaiterID
                state.nextWaiterID += 1
                state.waiter = (id, continuation)
                Task { [self] in
                    try? await Task.sleep(for: timeout)
                    expire(id)
                }
                return nil
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
    }

    private func expire(_ id: Int) {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter, waiter.id == id else {
                return nil as CheckedContinuation<Next, Never>?
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: .timedOut)
    }
}
