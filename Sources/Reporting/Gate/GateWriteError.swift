/// Why `nfcrig gate --html` or `--markdown` could not write its file, naming the option,
/// the path and the cause.
public struct GateWriteError: Error, Hashable, CustomStringConvertible {
    /// The option that named the file: `--html` or `--markdown`.
    public var option: String
    /// The file or folder that could not be written.
    public var path: String
    /// Why, in a few words.
    public var reason: String

    public var description: String { "\(option) \(path): cannot write: \(reason)" }
}
