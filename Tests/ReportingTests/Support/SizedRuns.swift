import Conformance
import Foundation
import Reporting
import Rig

/// Runs whose reads, writes and APDUs carry their conditions, as the `latency` suite
/// records them: what the summary's size plots are drawn from.
enum SizedRuns {
    /// A Type 4 read of 1 KiB and 128 B at 106 and 424 kbps, a Type 2 write of 128 B, APDU
    /// round trips of 10 and 300 bytes, time to detect (25 samples in one case, 5 in
    /// another), restart intervals, and a series without conditions.
    static func run() -> RunResult {
        func series(_ name: String, _ conditions: MeasurementConditions?, ms: [Double])
            -> MeasurementSeries
        {
            MeasurementSeries(
                name: name, samples: ms.map { .microseconds(Int64(($0 * 1000).rounded())) },
                conditions: conditions)
        }
        let type4 = { (bytes: Int, rate: Int) in
            MeasurementConditions(messageBytes: bytes, tagType: "type4", bitRateKbps: rate)
        }
        return RunResult(
            runID: "sized", rigName: "sim", rigFile: "Rigs/sim.yaml", clock: "virtual",
            dut: DUTIdentity(name: "Reference PN533", firmware: "1.6"), nfcrigVersion: "0.1.0",
            commit: nil, startedAt: SampleRuns.startedAt,
            cases: [
                CaseResult(
                    id: "LAT-R-001", suite: "latency", title: "Type 4 reads", verdict: .pass,
                    measurements: [
                        series("timeToDetect", nil, ms: (1...25).map { 20 + Double($0) / 10 }),
                        series("readTime.1KiB", type4(1024, 106), ms: [120, 122, 125]),
                        series("readTime.1KiB", type4(1024, 424), ms: [40, 41]),
                        series("readTime.128B", type4(128, 106), ms: [30]),
                        series("readTime", nil, ms: [55]),
                    ],
                    duration: .seconds(2)),
                CaseResult(
                    id: "LAT-W-001", suite: "latency", title: "Type 2 writes", verdict: .pass,
                    measurements: [
                        series("timeToDetect", nil, ms: [21, 22, 23, 24, 25]),
                        series(
                            "writeTime.128B",
                            MeasurementConditions(
                                messageBytes: 128, tagType: "type2", bitRateKbps: 106),
                            ms: [90, 95]),
                    ],
                    duration: .seconds(1)),
                CaseResult(
                    id: "LAT-A-001", suite: "latency", title: "APDU round trips", verdict: .pass,
                    measurements: [
                        series(
                            "apduTime.10B",
                            MeasurementConditions(
                                commandBytes: 8, responseBytes: 2, bitRateKbps: 106),
                            ms: [3, 3.5]),
                        series(
                            "apduTime.300B",
                            MeasurementConditions(
                                commandBytes: 5, responseBytes: 295, bitRateKbps: 106),
                            ms: [40]),
                    ],
                    duration: .seconds(1)),
                CaseResult(
                    id: "POLL-R-001", suite: "restart-polling", title: "Restarts", verdict: .fail,
                    message: "took 560 ms",
                    measurements: [series("restartInterval", nil, ms: [498, 505, 560])],
                    duration: .seconds(3)),
                CaseResult(
                    id: "POLL-R-002", suite: "restart-polling", title: "Restarts again",
                    verdict: .pass,
                    measurements: [series("restartInterval", nil, ms: [499, 503, 507])],
                    duration: .seconds(3)),
            ],
            restartPollingWindow: .milliseconds(450) ... .milliseconds(550))
    }
}
