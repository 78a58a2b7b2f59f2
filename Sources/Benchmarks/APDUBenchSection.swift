/// One measurement of `nfcrig bench apdu`: it runs, its result goes under `key` in
/// apdu.json and into the table. A new measurement is a type conforming to this and a line
/// in `APDUBenchmark.sections`.
public protocol APDUBenchSection: Encodable, Sendable {
    /// The key in apdu.json (and the name `--only` takes).
    static var key: String { get }
    /// Runs the measurement.
    static func measure(_ settings: APDUBenchSettings) async throws -> Self
    /// The targets against this result.
    var targets: [BenchTarget] { get }
    /// The result's lines in the table.
    func tableLines() -> [String]
}

/// What every `nfcrig bench apdu` measurement may be tuned with.
public struct APDUBenchSettings: Sendable {
    /// Wall-clock timing rounds, for measurements of the software's own speed.
    public var clock: BenchClock
    /// APDUs per bit rate in the air measurement (virtual time: the count sets no duration).
    public var airAPDUs: Int
    /// The APDU sent again and again: SELECT of the NDEF application by default (13 bytes,
    /// answered with 9000).
    public var apdu: [UInt8]

    /// Settings; the defaults are `make bench`'s.
    public init(
        clock: BenchClock = BenchClock(), airAPDUs: Int = 200,
        apdu: [UInt8] = APDUBenchmark.defaultAPDU
    ) {
        self.clock = clock
        self.airAPDUs = airAPDUs
        self.apdu = apdu
    }
}
