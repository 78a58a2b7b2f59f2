/// A `nfcrig gate` option value that cannot be understood, with the option and the value.
public enum GateArgumentError: Error, Hashable, CustomStringConvertible {
    /// Not a percentage (`10%`) or fraction (`0.1`) from 0 up.
    case invalidTolerance(argument: String, value: String)
    /// Not a duration with a unit (`0.5ms`, `500us`, `1s`) from 0 up.
    case invalidDuration(argument: String, value: String)
    /// An accept entry that is not `CASE-ID` or `CASE-ID:metric`; `source` is `--accept` or
    /// `FILE:LINE`.
    case invalidAcceptance(source: String, value: String)

    /// One line naming the option, the value and the accepted forms.
    public var description: String {
        switch self {
        case .invalidTolerance(let argument, let value):
            "\(argument): \"\(value)\" is not a tolerance; write a percentage such as 10% or "
                + "12.5%, or a fraction from 0 to 1 such as 0.1"
        case .invalidDuration(let argument, let value):
            "\(argument): \"\(value)\" is not a duration; write a number and a unit: "
                + "0.5ms, 500us (or µs), 1s, 250000ns"
        case .invalidAcceptance(let source, let value):
            "\(source): \"\(value)\" is not an accept entry; write a case ID (NDEF-R-001) or a "
                + "case ID and a metric (NDEF-R-001:timeToDetect)"
        }
    }
}
