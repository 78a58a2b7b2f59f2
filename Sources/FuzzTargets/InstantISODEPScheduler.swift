import ISODEP

/// ISO-DEP time that never passes: sleeps return at once and work runs in a task of its
/// own, so that a card session fed a fuzz input ends as soon as its blocks run out.
struct InstantISODEPScheduler: ISODEPScheduler {
    var now: Duration { .zero }

    func sleep(for duration: Duration) async {}

    func start(_ work: @escaping @Sendable () async -> [UInt8]) -> any ISODEPPendingResult {
        Pending(task: Task { await work() })
    }

    struct Pending: ISODEPPendingResult {
        let task: Task<[UInt8], Never>

        nonisolated(nonsending) func value(before deadline: Duration?) async -> [UInt8]? {
            await task.value
        }
    }
}
