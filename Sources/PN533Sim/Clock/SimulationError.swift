/// Why a wait on the simulation clock ended without its event.
public enum SimulationError: Error, Sendable, Hashable {
    /// The deadline passed first.
    case timedOut
    /// Every participant was waiting with no deadline left: nothing could ever happen again.
    /// A virtual clock reports this instead of hanging the test.
    case deadlock(at: SimulationInstant)
    /// The waiting task was cancelled.
    case cancelled
}
