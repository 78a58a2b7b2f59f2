import Dispatch
import Locking

/// Async code run to completion from a synchronous fuzz callback (`FuzzTarget.check` cannot
/// be async: libFuzzer calls it from C).
enum Blocking {
    /// Runs `body` in a task and waits for its value. libFuzzer calls `check` on its own
    /// thread, which is not one of the Swift concurrency pool's: blocking it on the
    /// semaphore takes no thread from the task, so the task can always finish. The value
    /// crosses threads through the lock; the task stores it before it signals.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let result = Lock<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await body()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        guard let value = result.withLock({ $0 }) else {
            preconditionFailure("the task signalled before storing its value")
        }
        return value
    }
}
