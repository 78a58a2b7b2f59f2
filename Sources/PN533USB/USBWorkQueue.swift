import Dispatch

/// A serial queue for blocking libusb calls, so they never hold a thread of Swift's
/// cooperative pool: Dispatch runs serial queues on its own overcommitting threads.
struct USBWorkQueue: Sendable {
    private let queue: DispatchQueue

    /// A queue whose threads show `label` in debuggers.
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `work` on the queue, after everything queued before it, and returns its result.
    func run<T: Sendable, E: Error>(
        _ work: @escaping @Sendable () -> Result<T, E>
    ) async -> Result<T, E> {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// Queues `work` without waiting for it: for clean-up from `deinit`, which cannot await.
    func submit(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }
}
