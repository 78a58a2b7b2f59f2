/// An operation the DUT answered `unsupported` for, and how many cases skipped for it.
public struct NotOfferedOperation: Sendable, Hashable, Codable {
    /// The operation: `scan`, `read`, `write`, `select`, `apdu`...
    public var operation: String
    /// How many cases it made skip.
    public var cases: Int

    /// Creates an entry.
    public init(operation: String, cases: Int) {
        self.operation = operation
        self.cases = cases
    }

    /// One entry per distinct operation in `operations`, in order of first appearance.
    public static func tally(_ operations: [String]) -> [NotOfferedOperation] {
        var entries: [NotOfferedOperation] = []
        for operation in operations {
            if let index = entries.firstIndex(where: { $0.operation == operation }) {
                entries[index].cases += 1
            } else {
                entries.append(NotOfferedOperation(operation: operation, cases: 1))
            }
        }
        return entries
    }

    /// `the DUT did not offer: scan (170 cases), read (2 cases)`; empty for no entries.
    public static func sentence(_ entries: [NotOfferedOperation]) -> String {
        guard !entries.isEmpty else { return "" }
        return "the DUT did not offer: "
            + entries.map {
                "\($0.operation) (\($0.cases) \($0.cases == 1 ? "case" : "cases") skipped)"
            }.joined(separator: ", ")
    }
}
