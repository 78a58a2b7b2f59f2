/// What the listing says of one record: its decoding, and its CRC.
public struct TraceAnnotation: Sendable, Hashable {
    /// E.g. `I(0): SELECT by name D2760000850101 (NDEF application)`; a `?` starts what
    /// could not be decoded.
    public var text: String
    /// The frame's CRC_A.
    public var crc: CRCCheck

    /// An annotation.
    public init(_ text: String, crc: CRCCheck = .notCarried) {
        self.text = text
        self.crc = crc
    }
}
