import NFCRigTestSupport
import TagReader

/// What tests ask of the events a reader recorded.
extension Recorder<ReaderEvent> {
    var kinds: [ReaderEvent.Kind] { all.map(\.kind) }

    /// The time of the first event matching `matches`.
    func first(_ matches: (ReaderEvent.Kind) -> Bool) -> Duration? {
        all.first { matches($0.kind) }?.at
    }
}
