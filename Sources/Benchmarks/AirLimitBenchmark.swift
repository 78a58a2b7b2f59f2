import AirLimits
import ISODEP
import PN533Sim
import TagFormat

/// Measurement B of `nfcrig bench apdu`: APDUs per second of virtual time on the modelled
/// air at 106, 212 and 424 kbps (USB costing nothing), next to DESIGN §4's limit.
public struct AirLimitBenchmark: Sendable {
    /// APDUs timed per bit rate, after one that settles the exchange rhythm.
    public var apdus: Int
    /// The APDU sent again and again.
    public var apdu: [UInt8]
    /// The bit rates to measure.
    public var bitRates: [AirTiming.BitRate]

    /// A benchmark of `apdus` exchanges of `apdu` (SELECT of the NDEF application) per rate.
    public init(
        apdus: Int = 200, apdu: [UInt8] = Type4Tag.selectNDEFApplication().encoded(),
        bitRates: [AirTiming.BitRate] = AirTiming.BitRate.allCases
    ) {
        self.apdus = apdus
        self.apdu = apdu
        self.bitRates = bitRates
    }

    /// Measures every bit rate, each on a rig of its own.
    public func run() async throws -> [AirLimitResult] {
        var results: [AirLimitResult] = []
        for rate in bitRates { results.append(try await run(rate)) }
        return results
    }

    private func run(_ rate: AirTiming.BitRate) async throws -> AirLimitResult {
        let apdu = apdu
        let count = apdus
        return try await APDUBenchRig(air: AirTiming(bitRate: rate)).withConnectedTag {
            connection in
            try await connection.timeExchanges(
                apdu, expecting: [0x90, 0x00], count: count, at: rate
            ) { command in try await connection.transceiver.transceive(command) }
        }
    }
}
