/// An RFConfiguration timeout code: n = 0 means no timeout, n = 1…16 means
/// 100 µs · 2^(n−1) (0B is 102.4 ms, the PN533's default for ATR_RES).
public struct PN533RFTimeout: RawRepresentable, Sendable, Hashable {
    /// The timeout code.
    public var rawValue: UInt8
    /// Wraps a timeout code.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Code 00: wait forever.
    public static let none = PN533RFTimeout(rawValue: 0)

    /// The time the code stands for; `nil` for "no timeout" and for codes above 10.
    public var duration: Duration? {
        guard (1...16).contains(rawValue) else { return nil }
        return .microseconds(100 << (Int(rawValue) - 1))
    }

    /// The shortest code whose time is at least `duration` (10, 3.28 s, when none is).
    public static func atLeast(_ duration: Duration) -> PN533RFTimeout {
        let code = (UInt8(1)...16).first {
            PN533RFTimeout(rawValue: $0).duration.map { $0 >= duration } ?? false
        }
        return PN533RFTimeout(rawValue: code ?? 16)
    }
}
