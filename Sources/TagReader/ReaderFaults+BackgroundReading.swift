import NDEF

extension ReaderFaults {
    /// What iOS background tag reading would do with `message` on this reader: the first URI
    /// record decides (`BackgroundReading.evaluate`), or, with `firstRecordNotFirstURI`, the
    /// first record alone, so a message that leads with anything else dispatches nothing; the
    /// `dispatch` faults bend the rule further.
    public func backgroundReadingVerdict(for message: NDEFMessage) -> BackgroundReadingVerdict {
        guard firstRecordNotFirstURI, let first = message.records.first else {
            return dispatch.verdict(for: message)
        }
        return dispatch.verdict(for: NDEFMessage(records: [first]))
    }
}
