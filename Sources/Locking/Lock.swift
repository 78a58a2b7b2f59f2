#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// State behind a POSIX mutex: what `Synchronization.Mutex` does, but with a lock that
/// ThreadSanitizer sees. On Linux `Mutex` is built from atomics the sanitizer does not
/// follow, so every access it guards is reported as a race and real races hide among them.
/// swift-nio's `NIOLockedValueBox` makes the same choice, and the same layout: the state and
/// the mutex live in one allocation, reached through pointers, which is also why the state
/// needs no run-time exclusivity check (the lock already keeps accesses apart).
public struct Lock<State: Sendable>: @unchecked Sendable {
    // @unchecked: the state is read and written only in `withLock`, with the mutex held.
    private let storage: Storage

    /// A lock guarding `state`.
    public init(_ state: State) {
        storage = Storage.make(state)
    }

    /// Runs `body` with the lock held and the state in its hands.
    public func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withLock(body)
    }

    private final class Storage: ManagedBuffer<State, pthread_mutex_t> {
        static func make(_ state: State) -> Storage {
            let buffer = create(minimumCapacity: 1) { _ in state }
            buffer.withUnsafeMutablePointerToElements { mutex in
                let status = pthread_mutex_init(mutex, nil)
                precondition(status == 0, "pthread_mutex_init failed: \(status)")
            }
            // `create` makes an instance of the class it is called on.
            return unsafeDowncast(buffer, to: Storage.self)
        }

        // The buffer destroys its header (the state) itself; the mutex is ours to destroy.
        deinit {
            withUnsafeMutablePointerToElements { mutex in
                _ = pthread_mutex_destroy(mutex)
            }
        }

        func withLock<Result, Failure: Error>(
            _ body: (inout State) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            try withUnsafeMutablePointers { (state, mutex) throws(Failure) -> Result in
                pthread_mutex_lock(mutex)
                defer { pthread_mutex_unlock(mutex) }
                return try body(&state.pointee)
            }
        }
    }
}
