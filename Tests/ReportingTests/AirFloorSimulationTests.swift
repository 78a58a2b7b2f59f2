import AirLimits
import Conformance
import Foundation
import Rig
import TagFormat
import Testing

/// The floor held against the simulator, whose air is timed by its own model
/// (`AirTiming`): no read on the simulated rig at 106 kbps beats the procedure's floor.
@Suite struct AirFloorSimulationTests {
    static func run(_ caseIDs: [String]) async throws -> RunResult {
        try await SimRigRun.run(
            ConformanceRun.Options(caseIDs: caseIDs, repeatCount: 3), runID: "floor-test")
    }

    /// Every sample of a case's metric (all its series) against a floor.
    private static func expectAboveFloor(
        _ result: CaseResult, metric: String, floor: NDEFAirLimit
    ) {
        let samples = result.measurements.filter {
            LatencyMetric(seriesName: $0.name)?.rawValue == metric
        }
        .flatMap(\.samples)
        #expect(samples.count == 3, "\(result.id)")
        for sample in samples {
            let seconds =
                Double(sample.components.seconds) + Double(sample.components.attoseconds) * 1e-18
            #expect(
                seconds >= floor.seconds,
                "\(result.id): \(seconds) s under the floor \(floor.seconds) s")
        }
    }

    @Test func noSimulatedReadOrWriteAt106kbpsIsFasterThanItsFloor() async throws {
        // The messages the cases present (NDEFReadSuite, NDEFWriteSuite): a 31-byte URI on
        // Type 4, 2046 bytes filling a Type 4 tag's 2 KiB file, a message filling a 144-byte
        // Type 2 data area; NDEF-W-001 writes the 31-byte URI over another message.
        let type2Full = try Type2TagMemory.capacity(dataAreaSize: 144)
        let cases: [String: (String, NDEFAirLimit)] = [
            "NDEF-R-001": (
                "readTime",
                NDEFAirLimit(
                    tagType: .type4, operation: .read, messageBytes: 31, bitRateKbps: 106)
            ),
            "NDEF-R-013": (
                "readTime",
                NDEFAirLimit(
                    tagType: .type4, operation: .read, messageBytes: 2046, bitRateKbps: 106)
            ),
            "NDEF-R-014": (
                "readTime",
                NDEFAirLimit(
                    tagType: .type2, operation: .read, messageBytes: type2Full, bitRateKbps: 106)
            ),
            "NDEF-W-001": (
                "writeTime",
                NDEFAirLimit(
                    tagType: .type4, operation: .write, messageBytes: 31, bitRateKbps: 106)
            ),
        ]
        let run = try await Self.run(cases.keys.sorted())
        #expect(run.cases.count == cases.count)
        for result in run.cases {
            let (metric, floor) = try #require(cases[result.id])
            Self.expectAboveFloor(result, metric: metric, floor: floor)
        }
    }
}
