import Dispatch
import Foundation
import Locking

/// SIGINT and SIGTERM caught instead of ending the process, so that a verb that runs until
/// interrupted can stop its chips and exit 0.
final class InterruptSignals: Sendable {
    private let slot = CaughtSignal()
    /// Held so that the sources live as long as this object; only `init` touches them.
    private nonisolated(unsafe) let sources: [any DispatchSourceSignal]

    private init(_ numbers: [Int32]) {
        let queue = DispatchQueue(label: "nfcrig.signals")
        sources = numbers.map { [slot] number in
            // Dispatch sees a signal only once its default action (ending the process) is off.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { slot.record(number) }
            source.resume()
            return source
        }
    }

    /// Starts catching SIGINT and SIGTERM; until then they end the process as usual.
    static func catching() -> InterruptSignals { InterruptSignals([SIGINT, SIGTERM]) }

    /// The first signal caught, if any.
    var caught: Int32? { slot.first }

    /// The signal's name for messages.
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}

/// The first signal caught, set on the signal queue and read by the waiting task.
private final class CaughtSignal: Sendable {
    private let value = Lock<Int32?>(nil)

    func record(_ number: Int32) { value.withLock { $0 = $0 ?? number } }

    var first: Int32? { value.withLock { $0 } }
}
