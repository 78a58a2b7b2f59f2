import Locking

/// A deadline its owner sets, moves and clears again and again, with one action fixed at
/// creation: a frame's waiting time, set and cleared for every frame on the air, without
/// the two closures and the task a `schedule` costs each time.
///
/// Make one with `SimulationClock.makeAlarm(_:)`; `set(_:at:)` and `clear(_:)` arm it. The
/// action runs as a participant task when virtual time reaches the deadline; in wall mode
/// it may also run early (after a deadline was moved later), so it must check what is due.
public final class SimulationAlarm: @unchecked Sendable {
    // @unchecked: `waiterID` is only touched under the clock's lock.
    let body: @Sendable () async -> Void
    /// The clock waiter standing for the alarm while it is set (it may have fired since).
    var waiterID: Int?

    init(body: @escaping @Sendable () async -> Void) { self.body = body }
}

extension SimulationClock {
    /// An alarm that runs `action` when due; it is not set yet.
    public func makeAlarm(_ action: @escaping @Sendable () async -> Void) -> SimulationAlarm {
        SimulationAlarm(body: { [self] in
            await action()
            leave()
        })
    }

    /// Sets `alarm` to go off at `instant`, in place of any deadline it had.
    public func set(_ alarm: SimulationAlarm, at instant: SimulationInstant) {
        let newID: Int? = state.withLock { state in
            if let id = alarm.waiterID,
                let index = state.waiters.firstIndex(where: { $0.id == id })
            {
                state.waiters[index].deadline = instant
                return mode == .wall ? id : nil
            }
            let id = state.addAction(alarm.body, at: instant)
            alarm.waiterID = id
            return id
        }
        if mode == .wall, let newID { scheduleWallTimeout(id: newID, deadline: instant) }
    }

    /// Clears `alarm`: it does not go off until set again.
    public func clear(_ alarm: SimulationAlarm) {
        let removed: Waiter? = state.withLock { state in
            defer { alarm.waiterID = nil }
            return alarm.waiterID.flatMap { state.remove(waiter: $0) }
        }
        // The action's release happens here, outside the lock.
        withExtendedLifetime(removed) {}
    }
}
