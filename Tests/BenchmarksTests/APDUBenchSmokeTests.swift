import AirLimits
import PN533Sim
import Testing

@testable import Benchmarks

/// The benchmark machinery on a handful of APDUs: counts only, never wall-clock figures.
@Suite struct APDUBenchSmokeTests {
    @Test func everyRoundTripTheStackOverheadLoopCountsReachesTheTag() async throws {
        let result = try await StackOverheadBenchmark(
            clock: BenchClock(minimumRoundDuration: .zero, rounds: 1)
        ).run()
        #expect(result.roundTrips > 0)
        #expect(result.apdusReceivedByTag == result.roundTrips)
        // Nothing is modelled to take time: the virtual clock never moves.
        #expect(result.virtualTimeElapsed == .zero)
    }

    @Test func onTheModelledAirEachAPDUTakesExactlyTheMinimumExchangeTime() async throws {
        let apdu = APDUBenchmark.defaultAPDU
        let results = try await AirLimitBenchmark(apdus: 3).run()
        #expect(results.map(\.limit.bitrateKbps) == [106, 212, 424])
        for (result, rate) in zip(results, AirTiming.BitRate.allCases) {
            #expect(result.apdus == 3)
            #expect(result.apdusReceivedByTag == 3)
            #expect(result.limit.commandBytes == apdu.count)
            #expect(result.limit.responseBytes == 2)
            // With USB costing nothing, the reader chip, the tag chip and the emulator add
            // no time of their own to the air's.
            let exchange = AirTiming(bitRate: rate).minimumExchangeDuration(
                command: apdu.count, response: 2)
            #expect(result.virtualSeconds == (exchange * 3).seconds)
            // The simulator counts whole nanoseconds per frame: within 10 ppm of the formula.
            #expect(abs(result.ratio - 1) < 1e-5)
        }
    }

    @Test func throughTheSessionEachLoopbackRoundTripTakesTheMinimumExchangeTime() async throws {
        let results = try await SessionAirBenchmark(apdus: 3, dataLengths: [16, 200]).run()
        #expect(results.map(\.limit.bitrateKbps) == [106, 106, 212, 212, 424, 424])
        #expect(results.map(\.limit.commandBytes) == [22, 206, 22, 206, 22, 206])
        for result in results {
            #expect(result.apdusReceivedByTag == 3)
            #expect(result.limit.responseBytes == result.limit.commandBytes - 4)
            let exchange = AirTiming(
                bitRate: try #require(.init(rawValue: result.limit.bitrateKbps))
            )
            .minimumExchangeDuration(
                command: result.limit.commandBytes, response: result.limit.responseBytes)
            // The session's own work (the SELECT check, decoding) takes no virtual time.
            #expect(result.virtualSeconds == (exchange * 3).seconds)
        }
    }
}
