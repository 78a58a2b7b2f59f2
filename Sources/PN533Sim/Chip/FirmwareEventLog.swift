/// A chip's most recent events, `capacity` at most: a benchmark or an hour-long run sends
/// millions of frames, and a log that kept every one would grow without end.
struct FirmwareEventLog: Sendable {
    let capacity: Int
    /// Oldest first until full; then a ring whose oldest entry is at `oldest`.
    private var storage: [FirmwareEvent] = []
    private var oldest = 0
    /// Events overwritten because the log was full.
    private(set) var droppedCount = 0

    /// An empty log keeping `capacity` events (at least one).
    init(capacity: Int) { self.capacity = max(1, capacity) }

    mutating func append(_ event: consuming FirmwareEvent) {
        guard storage.count == capacity else {
            storage.append(event)
            return
        }
        storage[oldest] = event
        oldest = oldest + 1 == capacity ? 0 : oldest + 1
        droppedCount += 1
    }

    /// The events kept, oldest first.
    var events: [FirmwareEvent] {
        oldest == 0 ? storage : Array(storage[oldest...]) + storage[..<oldest]
    }
}
