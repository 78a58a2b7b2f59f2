import Locking

/// A value that several tasks read and change, each access under a lock.
///
/// It holds the only lock of the test support and every test target uses it rather than a
/// lock of its own; the lock is `Lock`, which ThreadSanitizer sees.
public final class Locked<Value: Sendable>: Sendable {
    private let storage: Lock<Value>

    public init(_ value: Value) { storage = Lock(value) }

    /// The value now (a copy).
    public var value: Value { storage.withLock { $0 } }

    /// Runs `body` with the value under the lock; what it returns comes out.
    public func withLock<Result: Sendable, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withLock { (value: inout Value) throws(Failure) -> Result in
            try body(&value)
        }
    }
}
