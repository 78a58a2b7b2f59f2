import PN533Sim

/// A task a rig started (a tag's emulator). On a simulation clock it is a participant,
/// joined through the clock so that virtual time goes on while it ends (awaiting a plain
/// task there would stall time); on the plain wall clock it is a plain task.
struct RigTask: Sendable {
    private enum Handle: Sendable {
        case participant(SimulationTask<Void>)
        case plain(Task<Void, Never>)
    }

    private let handle: Handle

    init(_ task: SimulationTask<Void>) { handle = .participant(task) }

    init(_ task: Task<Void, Never>) { handle = .plain(task) }

    /// Cancels the task.
    func cancel() {
        switch handle {
        case .participant(let task): task.cancel()
        case .plain(let task): task.cancel()
        }
    }

    /// Returns once the task has ended.
    func join() async {
        switch handle {
        case .participant(let task): _ = try? await task.value
        case .plain(let task): await task.value
        }
    }
}
