/// A device selector that could not be parsed, quoting what was typed.
public struct PN533USBSelectorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text as given.
    public var input: String
    /// What is wrong with it.
    public var reason: String

    /// A parse error for `input`.
    public init(input: String, reason: String) {
        self.input = input
        self.reason = reason
    }

    /// Names the input, the problem and the accepted forms.
    public var description: String {
        "invalid device selector '\(input)': \(reason); use an index (0), bus:address "
            + "(3:7 or 003:007) or a serial number (serial=XYZ)"
    }
}
