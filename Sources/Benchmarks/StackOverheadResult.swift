import HexText

/// What measurement A found: the wall time one APDU round trip costs the software stack.
public struct StackOverheadResult: Sendable, Hashable {
    /// The APDU sent.
    public var apdu: [UInt8]
    /// Wall seconds per round trip, best round.
    public var secondsPerRoundTrip: Double
    /// Round trips the timing loop made, calibration included.
    public var roundTrips: Int
    /// Command APDUs the tag's application received meanwhile: `roundTrips` when every
    /// round trip reached the emulator.
    public var apdusReceivedByTag: Int
    /// Virtual time that passed meanwhile: zero, since nothing is modelled to take time.
    public var virtualTimeElapsed: Duration

    /// The budget: at most 10 µs per round trip (1 % of a SELECT exchange's air time at
    /// 424 kbps), that is at least 100,000 round trips per second.
    public static let targetRoundTripsPerSecond = 100_000.0

    /// Round trips per second, best round.
    public var roundTripsPerSecond: Double { 1 / secondsPerRoundTrip }

    /// Microseconds per round trip, best round.
    public var microsecondsPerRoundTrip: Double { secondsPerRoundTrip * 1e6 }
}

extension StackOverheadResult: APDUBenchSection {
    public static let key = "stack_overhead"

    public static func measure(_ settings: APDUBenchSettings) async throws -> StackOverheadResult {
        try await StackOverheadBenchmark(clock: settings.clock, apdu: settings.apdu).run()
    }

    public var targets: [BenchTarget] {
        [
            BenchTarget(
                name: "APDU round trips through the whole stack, zero latency, per second",
                threshold: Self.targetRoundTripsPerSecond, measured: roundTripsPerSecond)
        ]
    }

    public func tableLines() -> [String] {
        [
            "stack overhead (reference reader → PN533 driver → simulated chips → Type 4 "
                + "emulator and back; USB and air take no time):",
            BenchTable.row(
                "APDU \(Hex.encode(apdu)) (\(apdu.count) bytes), round trips/s",
                BenchTable.number(roundTripsPerSecond)),
            BenchTable.row(
                "µs per round trip", BenchTable.number(microsecondsPerRoundTrip)),
            BenchTable.row(
                "round trips made / APDUs the tag received",
                "\(roundTrips) / \(apdusReceivedByTag)"),
        ]
    }

    private enum CodingKeys: String, CodingKey {
        case apdu
        case commandBytes = "command_bytes"
        case roundTripsPerSecond = "round_trips_per_s"
        case microsecondsPerRoundTrip = "us_per_round_trip"
        case roundTrips = "round_trips"
        case apdusReceivedByTag = "apdus_received_by_tag"
        case virtualSecondsElapsed = "virtual_seconds_elapsed"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Hex.encode(apdu), forKey: .apdu)
        try container.encode(apdu.count, forKey: .commandBytes)
        try container.encode(roundTripsPerSecond, forKey: .roundTripsPerSecond)
        try container.encode(microsecondsPerRoundTrip, forKey: .microsecondsPerRoundTrip)
        try container.encode(roundTrips, forKey: .roundTrips)
        try container.encode(apdusReceivedByTag, forKey: .apdusReceivedByTag)
        try container.encode(virtualTimeElapsed.seconds, forKey: .virtualSecondsElapsed)
    }
}
