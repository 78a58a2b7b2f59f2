import AirLimits

/// What measurement B found at one bit rate: APDUs per second of virtual time against the
/// air's limit.
public struct AirLimitResult: Sendable, Hashable {
    /// The formula's figures for this APDU and bit rate.
    public var limit: APDUAirLimit
    /// APDUs timed.
    public var apdus: Int
    /// Virtual seconds they took.
    public var virtualSeconds: Double
    /// Command APDUs the tag's application received meanwhile (`apdus` when all arrived).
    public var apdusReceivedByTag: Int

    /// The target for `ratio`: 97 % of the formula's rate.
    public static let targetRatio = 0.97

    /// APDUs per second of virtual time.
    public var apdusPerSecond: Double { Double(apdus) / virtualSeconds }

    /// The formula's APDUs per second.
    public var theoreticalPerSecond: Double { limit.exchangesPerSecond }

    /// Achieved over theoretical.
    public var ratio: Double { apdusPerSecond / theoreticalPerSecond }
}

extension AirLimitResult: Encodable {
    private enum CodingKeys: String, CodingKey {
        case bitrateKbps = "bitrate_kbps"
        case apdusPerSecond = "apdus_per_s"
        case theoreticalPerSecond = "theoretical_per_s"
        case ratio
        case commandBytes = "command_bytes"
        case responseBytes = "response_bytes"
        case apdus
        case virtualSeconds = "virtual_seconds"
        case apdusReceivedByTag = "apdus_received_by_tag"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(limit.bitrateKbps, forKey: .bitrateKbps)
        try container.encode(apdusPerSecond, forKey: .apdusPerSecond)
        try container.encode(theoreticalPerSecond, forKey: .theoreticalPerSecond)
        try container.encode(ratio, forKey: .ratio)
        try container.encode(limit.commandBytes, forKey: .commandBytes)
        try container.encode(limit.responseBytes, forKey: .responseBytes)
        try container.encode(apdus, forKey: .apdus)
        try container.encode(virtualSeconds, forKey: .virtualSeconds)
        try container.encode(apdusReceivedByTag, forKey: .apdusReceivedByTag)
    }
}
