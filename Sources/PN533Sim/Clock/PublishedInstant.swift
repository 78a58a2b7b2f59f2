import Synchronization

/// The virtual clock's current time for readers that take no lock: a sequence lock, whose
/// version is odd while the one writer (the clock, under its own lock, when time advances)
/// stores a new instant. `now` is read a dozen times per APDU and written only when every
/// participant waits, so readers almost never retry.
final class PublishedInstant: Sendable {
    private let version = Atomic<UInt64>(0)
    /// The instant's attoseconds, an `Int128`, as its two halves.
    private let high = Atomic<Int64>(0)
    private let low = Atomic<UInt64>(0)

    /// Publishes `instant`; only ever called under the clock's lock (one writer at a time).
    func store(_ instant: SimulationInstant) {
        let attoseconds = instant.offset.attoseconds
        let start = version.load(ordering: .relaxed)
        version.store(start &+ 1, ordering: .relaxed)
        atomicMemoryFence(ordering: .releasing)
        high.store(Int64(truncatingIfNeeded: attoseconds >> 64), ordering: .relaxed)
        low.store(UInt64(truncatingIfNeeded: attoseconds), ordering: .relaxed)
        version.store(start &+ 2, ordering: .releasing)
    }

    /// The instant last published.
    func load() -> SimulationInstant {
        while true {
            let before = version.load(ordering: .acquiring)
            let highHalf = high.load(ordering: .relaxed)
            let lowHalf = low.load(ordering: .relaxed)
            atomicMemoryFence(ordering: .acquiring)
            if before & 1 == 0, version.load(ordering: .relaxed) == before {
                // The halves as they are: building from seconds costs 128-bit arithmetic.
                return SimulationInstant(
                    offset: Duration(attoseconds: Int128(highHalf) << 64 | Int128(lowHalf)))
            }
        }
    }
}
