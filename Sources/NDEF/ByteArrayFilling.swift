extension [UInt8] {
    /// `init(unsafeUninitializedCapacity:initializingWith:)`, except that an empty array is
    /// made without it: with capacity 0 the standard library stores the count into the one
    /// empty-array singleton every thread shares, a write ThreadSanitizer reports as a race
    /// when two threads decode empty payloads at once.
    init(
        filling capacity: Int,
        _ initialize: (inout UnsafeMutableBufferPointer<UInt8>, inout Int) -> Void
    ) {
        guard capacity > 0 else {
            self = []
            return
        }
        self.init(unsafeUninitializedCapacity: capacity, initializingWith: initialize)
    }
}
