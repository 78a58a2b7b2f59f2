import PN533

/// What the emulators' serve loops do with a chip error: stop when the task was cancelled,
/// throw when the host link is gone, keep listening after a listen timeout, and log and
/// re-arm after anything else.
enum TagEmulatorLoop {
    /// Whether the loop should stop (`true`) or go on; throws a transport failure.
    static func shouldStop(after error: PN533Error, log: TagEventLog) throws(PN533Error) -> Bool {
        if Task.isCancelled { return true }
        switch error {
        case .transport: throw error
        case .noResponse(.tgInitAsTarget, _): return false
        default:
            log.record(.chipFailed(error))
            return false
        }
    }
}
