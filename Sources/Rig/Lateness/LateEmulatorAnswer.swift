/// An answer an emulator's host handed its chip after the reader had stopped waiting for
/// it, as the emulator timed it from its own USB transfers: the harness's fault, not the
/// reader's.
public struct LateEmulatorAnswer: Sendable, Hashable, CustomStringConvertible {
    /// The emulator's chip (`tag-a`).
    public var emulator: String
    /// What the reader waited for the answer to, and how long.
    public var bound: AnswerBound
    /// How long the host took: from the chip's transfer carrying the reader's command
    /// (TgInitAsTarget, TgGetInitiatorCommand or TgGetData answered) to the host's transfer
    /// carrying the answer (TgResponseToInitiator or TgSetData).
    public var hostTime: Duration
    /// When the answer was handed over, on the rig's clock.
    public var at: Duration

    /// Creates a record.
    public init(emulator: String, bound: AnswerBound, hostTime: Duration, at: Duration) {
        self.emulator = emulator
        self.bound = bound
        self.hostTime = hostTime
        self.at = at
    }

    /// `emulator tag-a's host took 31.2 ms to answer READ BINARY, the tag's FWT is 4.8 ms`.
    public var description: String {
        "emulator \(emulator)'s host took \(Self.milliseconds(hostTime)) to answer "
            + "\(bound.command), the tag's \(bound.name) is \(Self.milliseconds(bound.duration))"
    }

    /// `duration` in milliseconds with one decimal: `4.8 ms`.
    public static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = seconds * 10_000 + (attoseconds + 50_000_000_000_000) / 100_000_000_000_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
