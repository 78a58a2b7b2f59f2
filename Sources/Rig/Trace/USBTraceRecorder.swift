import Locking
import PN533
import PacketTrace
import Synchronization

/// The USB trace of one chip nfcrig drives: every transfer between its host and the chip
/// (frames and ACKs) with the rig's time, while a trace is kept. Its `observe` is the
/// observer of the chip's `ObservedTransport`.
public final class USBTraceRecorder: Sendable {
    private let trace = Lock<BoundedTrace?>(nil)
    /// Whether a trace is kept: read without the lock, as every transfer asks and most
    /// runs keep no trace of most of them.
    private let keeping = Atomic<Bool>(false)
    private let now: @Sendable () -> Duration

    /// A recorder stamping transfers with `now` (the rig's time).
    public init(now: @escaping @Sendable () -> Duration) { self.now = now }

    /// Records one transfer, if a trace is kept.
    public func observe(_ direction: PN533FrameDirection, _ bytes: [UInt8]) {
        guard keeping.load(ordering: .relaxed) else { return }
        let stamp = now()
        trace.withLock { trace in
            guard trace != nil else { return }
            trace?.append(
                TraceRecord(
                    timestamp: TraceTime.nanoseconds(stamp),
                    kind: direction == .hostToChip ? .hostToChip : .chipToHost, bytes: bytes))
        }
    }

    /// Starts keeping a trace (a new one, dropping any kept so far).
    public func begin(limit: TraceLimit) {
        trace.withLock { $0 = BoundedTrace(limit: limit) }
        keeping.store(true, ordering: .relaxed)
    }

    /// The trace kept since `begin(limit:)`; keeping stops.
    public func end() -> BoundedTrace? {
        keeping.store(false, ordering: .relaxed)
        return trace.withLock { trace in
            defer { trace = nil }
            return trace
        }
    }
}
