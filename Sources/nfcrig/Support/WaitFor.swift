import Dispatch

/// Runs `operation` and blocks the calling thread until it finishes: the synchronous root
/// command (`NFCRig.main`) reaches async library code through this.
///
/// - Warning: never call it from an actor or a task: it blocks a thread that the operation
///   may need. The CLI calls it from `run()` on the main thread, which Swift's concurrency
///   pool does not use.
func waitFor<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
    let outcome = Outcome<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        outcome.value = await operation()
        done.signal()
    }
    done.wait()
    return outcome.value!
}

/// The result slot `waitFor` hands between threads.
///
/// `@unchecked Sendable`: written once by the task before it signals the semaphore and read
/// only after the wait returns, so the semaphore orders every access.
private final class Outcome<T>: @unchecked Sendable {
    var value: T?
}
