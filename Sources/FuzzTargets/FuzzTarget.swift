/// One parser of outside input under coverage-guided fuzzing (issue 23): it is fed any bytes
/// and must check properties, not only survive. A libFuzzer executable in `Fuzz/` calls
/// `check` for each input; `FuzzTargetsTests` replays the committed corpus
/// (`Fuzz/Corpus/<name>/`) through it in `make test`.
public protocol FuzzTarget: SendableMetatype {
    /// The name `make fuzz`, the executable (`fuzz-<name>`) and the corpus folder use.
    static var name: String { get }
    /// Feeds `input` to the parser and checks the target's properties.
    ///
    /// - Throws: the first property that does not hold.
    static func check(_ input: [UInt8]) throws(PropertyFailure)
}

/// A property of a fuzz target that an input broke: which, and what was seen.
public struct PropertyFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The property, as a sentence ("decode, encode, decode gives the same message").
    public var property: String
    /// What the input made happen instead.
    public var detail: String

    /// A failure of `property`, with `detail`.
    public init(_ property: String, _ detail: String) {
        self.property = property
        self.detail = detail
    }

    public var description: String { "property broken: \(property): \(detail)" }
}

/// Every fuzz target, by name.
public enum FuzzTargets {
    /// The targets in the order `make fuzz` runs them.
    public static let all: [any FuzzTarget.Type] = [
        NDEFTarget.self, PN533FrameTarget.self, ISODEPTarget.self, TagFormatTarget.self,
        RigFileTarget.self, CardFileTarget.self, DUTLineTarget.self, ReportFileTarget.self,
        FirmwareTarget.self,
    ]

    /// The target called `name`, or nil.
    public static func named(_ name: String) -> (any FuzzTarget.Type)? {
        all.first { $0.name == name }
    }
}
