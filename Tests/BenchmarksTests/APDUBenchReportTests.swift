import AirLimits
import Foundation
import Testing

@testable import Benchmarks

@Suite struct APDUBenchReportTests {
    static let machine = BenchMachine(
        cpu: "Test CPU", logicalCores: 2, os: "Test OS", build: "release")

    static let stackOverhead = StackOverheadResult(
        apdu: [0x00, 0xA4, 0x04, 0x00], secondsPerRoundTrip: 4e-6, roundTrips: 10,
        apdusReceivedByTag: 10, virtualTimeElapsed: .zero)

    static let air = AirLimitResults([
        AirLimitResult(
            limit: APDUAirLimit(commandBytes: 13, responseBytes: 2, bitrateKbps: 106),
            apdus: 100, virtualSeconds: 0.25, apdusReceivedByTag: 100)
    ])

    func object(_ report: APDUBenchReport) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: try report.json()) as? [String: Any])
    }

    @Test func theJSONHasTheSchemaTheMachineAndEveryMeasurementKey() throws {
        let json = try object(
            APDUBenchReport(
                machine: Self.machine,
                sections: [
                    StackOverheadResult.key: Self.stackOverhead, AirLimitResults.key: Self.air,
                ]
            ))
        #expect(json["schema"] as? String == "nfcrig.bench.apdu/1")
        #expect(
            Set(json.keys) == [
                "schema", "machine", "stack_overhead", "air", "session_air", "virtual_usb",
                "nfcpy_session", "targets",
            ])
        // Not measured yet: present, and null.
        #expect(json["virtual_usb"] is NSNull)
        #expect(json["session_air"] is NSNull)
        #expect(json["nfcpy_session"] is NSNull)
        let machine = try #require(json["machine"] as? [String: Any])
        #expect(machine["cpu"] as? String == "Test CPU")
        #expect(machine["logical_cores"] as? Int == 2)
        #expect(machine["build"] as? String == "release")
    }

    @Test func theStackOverheadSectionGivesRoundTripsPerSecondAndMicroseconds() throws {
        let json = try object(
            APDUBenchReport(
                machine: Self.machine, sections: [StackOverheadResult.key: Self.stackOverhead]))
        let section = try #require(json["stack_overhead"] as? [String: Any])
        #expect(section["apdu"] as? String == "00a40400")
        #expect(section["command_bytes"] as? Int == 4)
        #expect(abs((section["round_trips_per_s"] as? Double ?? 0) - 250_000) < 1e-6)
        #expect(abs((section["us_per_round_trip"] as? Double ?? 0) - 4) < 1e-9)
        #expect(section["round_trips"] as? Int == 10)
        #expect(section["apdus_received_by_tag"] as? Int == 10)
        // A measurement not run is null.
        #expect(json["air"] is NSNull)
    }

    @Test func theAirSectionIsAnArrayOfBitRatesWithTheirRatio() throws {
        let json = try object(
            APDUBenchReport(machine: Self.machine, sections: [AirLimitResults.key: Self.air]))
        let rates = try #require(json["air"] as? [[String: Any]])
        #expect(rates.count == 1)
        let rate = rates[0]
        #expect(rate["bitrate_kbps"] as? Int == 106)
        #expect(abs((rate["apdus_per_s"] as? Double ?? 0) - 400) < 1e-9)
        // 1 / 2389.38 µs.
        let theoretical = try #require(rate["theoretical_per_s"] as? Double)
        #expect(abs(theoretical - 418.52) < 0.01)
        #expect(abs((rate["ratio"] as? Double ?? 0) - 400 / theoretical) < 1e-12)
    }

    @Test func theTargetsSayWhetherEachWasMet() throws {
        let report = APDUBenchReport(
            machine: Self.machine,
            sections: [StackOverheadResult.key: Self.stackOverhead, AirLimitResults.key: Self.air])
        // 250,000 round trips/s meets 100,000; 400 of 418.5 APDUs/s is 95.6 %, below 97 %.
        #expect(report.targets.map(\.met) == [true, false])
        #expect(report.table().contains("[MISSED]"))
    }

    @Test func everyMeasurementHasAKeyOfItsOwnInTheFile() {
        let keys = APDUBenchmark.sections.map { $0.key }
        #expect(Set(keys).count == keys.count)
        #expect(Set(keys).isSubset(of: APDUBenchmark.keys))
    }

    @Test func theCPUModelComesFromProcCPUInfo() {
        let cpuinfo = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\n"
        #expect(BenchMachine.cpuModel(cpuinfo: cpuinfo) == "AMD EPYC 7B13")
        #expect(BenchMachine.cpuModel(cpuinfo: nil) == "unknown")
    }
}
