import Testing

/// Who runs ISO-DEP on the reader side.
enum ReaderPath: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// The chip, through InDataExchange.
    case chip
    /// The host's `ISODEPReader`, through InCommunicateThru.
    case host

    var testDescription: String { rawValue }
}
