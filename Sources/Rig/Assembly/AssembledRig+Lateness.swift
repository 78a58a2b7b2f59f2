import PN533Sim

extension AssembledRig {
    /// Answers the rig's emulators gave after the reader had stopped waiting, since the rig
    /// was assembled: those the simulated field saw start after the reader stopped
    /// listening, and those the emulators on USB dongles timed as late from their own
    /// transfers (`HostAnswerMonitor`). Each is the harness's host being too slow.
    public var lateEmulatorAnswers: Int {
        get async { await latenessMark().total }
    }

    /// Where the late answers stand now, to see later which came since.
    public func latenessMark() async -> LatenessMark {
        LatenessMark(
            field: await field?.lateAnswerCount ?? 0,
            host: hostAnswerMonitors.map(\.lateAnswerCount))
    }

    /// The late answers since `mark`, with the figures of those the emulators timed.
    public func lateness(since mark: LatenessMark) async -> EmulatorLateness {
        let now = await latenessMark()
        var answers: [LateEmulatorAnswer] = []
        var hostCount = 0
        for (index, monitor) in hostAnswerMonitors.enumerated() {
            let before = index < mark.host.count ? mark.host[index] : 0
            hostCount += now.host[index] - before
            answers += monitor.lateAnswers(after: before)
        }
        return EmulatorLateness(
            fieldLateAnswers: now.field - mark.field, hostLateAnswerCount: hostCount,
            hostLateAnswers: answers.sorted { $0.at < $1.at })
    }

    /// The emulators' monitors of their hosts (on USB dongles), in rig-file order.
    var hostAnswerMonitors: [HostAnswerMonitor] { emulators.compactMap(\.hostAnswers) }
}

/// How many late answers a rig had counted at one moment.
public struct LatenessMark: Sendable, Hashable {
    let field: Int
    let host: [Int]

    var total: Int { field + host.reduce(0, +) }
}

/// The late answers of a stretch of a run: what the field counted and what the emulators
/// timed, with the figures.
public struct EmulatorLateness: Sendable, Hashable {
    /// Answers the simulated field saw start after the reader stopped listening.
    public var fieldLateAnswers: Int
    /// Answers the emulators' hosts handed over late, by their own timing.
    public var hostLateAnswerCount: Int
    /// Those answers' figures, in order (the newest `HostAnswerMonitor.kept` per emulator).
    public var hostLateAnswers: [LateEmulatorAnswer]

    /// Every late answer.
    public var count: Int { fieldLateAnswers + hostLateAnswerCount }
}
