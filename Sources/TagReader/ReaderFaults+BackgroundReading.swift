import NDEF

extension ReaderFaults {
    /// What iOS background tag reading would do with `message` on this reader: the first URI
    /// record decides (`BackgroundReading.evaluate`), or, with `firstRecordNotFirstURI`, the
    /// first record alone, so a message that leads with anything else dispatches nothing.
    public func backgroundReadingVerdict(for message: NDEFMessage) -> BackgroundReadingVerdict {
        guard firstRecordNotFirstURI, let first = message.records.first else {
            return BackgroundReading.evaluate(message)
        }
        return BackgroundReading.evaluate(NDEFMessage(records: [first]))
    }
}
