import PN533

/// What a rig needs from any emulated tag: serve readers until cancelled, and show what
/// happened.
public protocol TagEmulator: Actor {
    /// The chip the tag runs on.
    nonisolated var device: PN533Device { get }
    /// The tag's timestamped events.
    nonisolated var log: TagEventLog { get }
    /// How many times a reader activated the tag.
    var activations: Int { get }
    /// Serves readers, arming the chip again after each one, until the task is cancelled;
    /// throws when the host link to the chip fails.
    func run() async throws(PN533Error)
}

extension Type4TagEmulator: TagEmulator {}
extension Type2TagEmulator: TagEmulator {}
