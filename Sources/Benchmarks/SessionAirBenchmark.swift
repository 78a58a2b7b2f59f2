import AirLimits
import ISODEP
import PN533Sim
import Rig
import TagEmulation
import TagFormat
import TagReader

/// `session_air` of `nfcrig bench apdu` (issue 24): APDU round trips per second of virtual
/// time through the reference reader's ISO 7816 tag reader session (`sendCommand`) to a
/// loopback application, on the modelled air at 106, 212 and 424 kbps (USB costing
/// nothing), next to DESIGN §4's limit for the same command and response sizes.
public struct SessionAirBenchmark: Sendable {
    /// The loopback's identifier.
    public static let loopback: ApplicationIdentifier = {
        guard let identifier = try? ApplicationIdentifier(hex: "F04E4643524947") else {
            preconditionFailure("F04E4643524947 is a valid application identifier")
        }
        return identifier
    }()

    /// APDUs timed per bit rate and size.
    public var apdus: Int
    /// Data bytes each loopback command carries (and gets back), one measurement per size;
    /// each command and answer fits one frame, as DESIGN §4's formula assumes.
    public var dataLengths: [Int]
    /// The bit rates to measure.
    public var bitRates: [AirTiming.BitRate]

    /// A benchmark of `apdus` loopback exchanges per bit rate and size.
    public init(
        apdus: Int = 200, dataLengths: [Int] = [16, 200],
        bitRates: [AirTiming.BitRate] = AirTiming.BitRate.allCases
    ) {
        self.apdus = apdus
        self.dataLengths = dataLengths
        self.bitRates = bitRates
    }

    /// Measures every bit rate and size, each bit rate on a rig of its own.
    public func run() async throws -> [AirLimitResult] {
        var results: [AirLimitResult] = []
        for rate in bitRates {
            let card = Type4Setup(
                formatted: false, content: [],
                applications: [ISO7816Application(identifier: Self.loopback)])
            let rig = APDUBenchRig(air: AirTiming(bitRate: rate), tag: .type4(card))
            let count = apdus
            let lengths = dataLengths
            results += try await rig.withConnectedTag { connection in
                guard
                    try await connection.reader.selectISO7816Application(from: [Self.loopback])
                        != nil
                else { throw APDUBenchError.tagNotConnected }
                var results: [AirLimitResult] = []
                for length in lengths {
                    results.append(
                        try await Self.measure(connection, rate, length: length, count: count))
                }
                return results
            }
        }
        return results
    }

    /// `count` loopback round trips of `length` data bytes, timed on the virtual clock.
    static func measure(
        _ connection: APDUBenchConnection, _ rate: AirTiming.BitRate, length: Int, count: Int
    ) async throws -> AirLimitResult {
        let data = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        let command = try CommandAPDU(cla: 0x80, ins: 0x01, p1: 0, p2: 0, data: data, le: 256)
        return try await connection.timeExchanges(
            command.encoded(), expecting: data + [0x90, 0x00], count: count, at: rate
        ) { _ in try await connection.reader.sendCommand(command).encoded() }
    }
}

/// `session_air` in apdu.json: one result per bit rate and size.
public struct SessionAirResults: Sendable, Hashable {
    /// Slowest bit rate first, smaller APDUs first within one.
    public var results: [AirLimitResult]

    /// Wraps the results.
    public init(_ results: [AirLimitResult]) { self.results = results }
}

extension SessionAirResults: APDUBenchSection {
    public static let key = "session_air"

    public static func measure(_ settings: APDUBenchSettings) async throws -> SessionAirResults {
        SessionAirResults(try await SessionAirBenchmark(apdus: settings.airAPDUs).run())
    }

    public var targets: [BenchTarget] {
        results.map {
            BenchTarget(
                name: "session round trips/s at \($0.limit.bitrateKbps) kbps, "
                    + "\($0.limit.commandBytes)-byte command / DESIGN §4 limit",
                threshold: AirLimitResult.targetRatio, measured: $0.ratio)
        }
    }

    public func tableLines() -> [String] {
        AirLimitResults.tableLines(
            "ISO 7816 session to the loopback (sendCommand; virtual time, USB costing nothing):",
            results)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(results)
    }
}
