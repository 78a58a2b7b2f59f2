#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// State behind a POSIX mutex: what `Synchronization.Mutex` does, but with a lock that
/// ThreadSanitizer sees. On Linux `Mutex` is built from atomics the sanitizer does not
/// follow, so every access it guards is reported as a race and real races hide among them.
/// swift-nio's `NIOLock` makes the same choice.
public final class Lock<State: ~Copyable>: @unchecked Sendable {
    // @unchecked: `state` is read and written only inside `withLock`, with `mutex` held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var state: State

    /// A lock guarding `state`.
    public init(_ state: consuming sending State) {
        self.state = state
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held and the state in its hands.
    public func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
