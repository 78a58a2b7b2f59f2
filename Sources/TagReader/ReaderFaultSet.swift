/// A set of deliberate reader faults, each with its `--dut-fault` name: the Type 4 faults,
/// the Type 2 leniencies.
public protocol ReaderFaultSet: OptionSet where Element == Self {
    /// Every fault with its `--dut-fault` name, in the order `ReaderFaults.specs` lists them.
    static var named: [(name: String, fault: Self)] { get }
}

extension ReaderFaultSet {
    /// The fault named `name`, or nil.
    public static func named(_ name: String) -> Self? {
        named.first { $0.name == name }?.fault
    }

    /// The `--dut-fault` names of these faults.
    public var names: [String] { Self.named.filter { contains($0.fault) }.map(\.name) }
}
