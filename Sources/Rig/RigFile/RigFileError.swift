/// A rig file that cannot be used: the file, the line and column, and what is wrong there.
public struct RigFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// 1-based line, 0 when the problem is the whole file.
    public var line: Int
    /// 1-based column, 0 when the problem is the whole file.
    public var column: Int
    /// What is wrong, naming the key or value.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}
