/// A point in simulated time: the duration since the simulation started.
public struct SimulationInstant: InstantProtocol, Sendable, Hashable, Comparable,
    CustomStringConvertible
{
    /// Time since the simulation started.
    public var offset: Duration

    /// Creates an instant at `offset` after the start.
    public init(offset: Duration) { self.offset = offset }

    /// The start of the simulation.
    public static let zero = SimulationInstant(offset: .zero)

    public func advanced(by duration: Duration) -> SimulationInstant {
        SimulationInstant(offset: offset + duration)
    }

    public func duration(to other: SimulationInstant) -> Duration { other.offset - offset }

    public static func < (lhs: SimulationInstant, rhs: SimulationInstant) -> Bool {
        lhs.offset < rhs.offset
    }

    public var description: String {
        let (seconds, attoseconds) = offset.components
        let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return "t+\(micros / 1000).\(String(micros % 1000).leftPadded(to: 3))ms"
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
