/// What one trace file holds: its comments (which case, which repetition, which rig) and
/// the traces of its interfaces. pcapng calls it a section.
public struct TraceSection: Sendable, Hashable {
    /// Lines for the section header's comments, e.g. `case t4t.read-ndef repetition 3`.
    public var comments: [String]
    /// The interfaces, in the order they become interface IDs 0, 1, ...
    public var interfaces: [InterfaceTrace]

    /// A section.
    public init(comments: [String], interfaces: [InterfaceTrace]) {
        self.comments = comments
        self.interfaces = interfaces
    }
}
