import ISODEP
import NFCRigTestSupport

/// A scheduler whose sleeps return at once and are written down; work runs on plain tasks.
final class RecordingScheduler: ISODEPScheduler {
    private let sleeps = Recorder<Duration>()
    private let wall = ContinuousISODEPScheduler()

    /// Every sleep asked for, in order.
    var slept: [Duration] { sleeps.all }

    var now: Duration { wall.now }

    func sleep(for duration: Duration) async { sleeps.record(duration) }

    func start(_ work: @escaping @Sendable () async -> [UInt8]) -> any ISODEPPendingResult {
        wall.start(work)
    }
}
