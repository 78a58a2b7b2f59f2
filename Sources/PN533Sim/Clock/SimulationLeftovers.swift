/// What a simulation still had to do when it was looked at: for a teardown verdict, as work
/// left over when a test or a run ends is work somebody forgot to finish or to stop.
public struct SimulationLeftovers: Sendable, Hashable, CustomStringConvertible {
    /// Participants running (not waiting on the clock).
    public var running: Int
    /// Waits that failed as a deadlock since the clock began: participants that waited for
    /// something nobody was left to do (on a virtual clock, what a test that lets go of the
    /// clock with a host still waiting leaves).
    public var deadlockedWaits: Int
    /// When each scheduled action that has not started is due, oldest scheduling first.
    public var scheduledActions: [SimulationInstant] = []
    /// The deadline of each participant waiting on the clock (nil: it waits without one),
    /// oldest wait first.
    public var waitingParticipants: [SimulationInstant?] = []
    /// Frames each chip sent its host that the host never read, by chip name (chips with
    /// none are left out).
    public var unreadFrames: [String: Int] = [:]

    /// Whether nothing was left: no participant, no scheduled action, no unread frame.
    public var isClean: Bool {
        running == 0 && deadlockedWaits == 0 && scheduledActions.isEmpty
            && waitingParticipants.isEmpty
            && unreadFrames.isEmpty
    }

    public var description: String {
        if isClean { return "nothing left over" }
        var parts: [String] = []
        if running > 0 { parts.append("\(running) participant(s) running") }
        if deadlockedWaits > 0 { parts.append("\(deadlockedWaits) wait(s) ended as a deadlock") }
        if !scheduledActions.isEmpty {
            parts.append(
                "\(scheduledActions.count) scheduled action(s) not started (due "
                    + scheduledActions.map(\.description).joined(separator: ", ") + ")")
        }
        if !waitingParticipants.isEmpty {
            let deadlines = waitingParticipants.map { $0?.description ?? "no deadline" }
            parts.append(
                "\(waitingParticipants.count) participant(s) waiting ("
                    + deadlines.joined(separator: ", ") + ")")
        }
        for (chip, count) in unreadFrames.sorted(by: { $0.key < $1.key }) {
            parts.append("\(count) frame(s) from \(chip) never read by its host")
        }
        return parts.joined(separator: "; ")
    }
}
