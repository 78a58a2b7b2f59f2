/// A `--dut-fault` value the reader does not know.
public enum ReaderFaultError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No fault has this name.
    case unknownFault(String)
    /// `restart-delay=` takes a whole number of `ms` or `s`.
    case invalidDuration(String)

    public var description: String {
        switch self {
        case .unknownFault(let spec): "unknown reader fault \"\(spec)\""
        case .invalidDuration(let text):
            "restart-delay \"\(text)\" is not a whole number of ms or s"
        }
    }
}
