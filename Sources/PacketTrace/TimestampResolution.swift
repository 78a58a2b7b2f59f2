/// pcapng's `if_tsresol`: how long a timestamp tick is. With the top bit clear, 10^-n
/// seconds; with it set, 2^-n seconds (n in the low seven bits).
enum TimestampResolution {
    /// Decimal resolutions beyond 10^-19 s: a tick count of them would not fit 64 bits of
    /// any useful capture, and 10^n would not fit the arithmetic below.
    static let finestDecimalExponent: UInt8 = 19

    static func isSupported(_ resolution: UInt8) -> Bool {
        resolution & 0x80 != 0 || resolution <= finestDecimalExponent
    }

    /// `ticks` in nanoseconds, or `nil` when that does not fit an `Int64`.
    static func nanoseconds(ticks: UInt64, resolution: UInt8) -> Int64? {
        let exponent = Int(resolution & 0x7F)
        let nanoseconds: UInt128
        if resolution & 0x80 != 0 {
            nanoseconds = (UInt128(ticks) * 1_000_000_000) >> exponent
        } else if exponent <= 9 {
            nanoseconds = UInt128(ticks) * power(ofTen: 9 - exponent)
        } else {
            nanoseconds = UInt128(ticks) / power(ofTen: exponent - 9)
        }
        return Int64(exactly: nanoseconds)
    }

    private static func power(ofTen exponent: Int) -> UInt128 {
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}
