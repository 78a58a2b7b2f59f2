import ISODEP
import PN533Sim
import TagFormat

/// Measurement A of `nfcrig bench apdu`: the software's own cost of one APDU round trip
/// from nfcrig's reference reader through the PN533 driver, the simulated chips and air,
/// to the Type 4 tag emulator and back, with no modelled USB or air time.
public struct StackOverheadBenchmark: Sendable {
    /// The timing policy (best of `rounds` rounds).
    public var clock: BenchClock
    /// The APDU sent again and again after one activation.
    public var apdu: [UInt8]

    /// A benchmark of `apdu` (SELECT of the NDEF application by default).
    public init(
        clock: BenchClock = BenchClock(),
        apdu: [UInt8] = Type4Tag.selectNDEFApplication().encoded()
    ) {
        self.clock = clock
        self.apdu = apdu
    }

    /// Connects the tag on a zero-latency rig and times round trips.
    public func run() async throws -> StackOverheadResult {
        let apdu = apdu
        let clock = clock
        return try await APDUBenchRig(air: .zero).withConnectedTag { connection in
            try await connection.onReaderChip { _ in
                try await Self.time(apdu, clock: clock, connection)
            }
        }
    }

    /// The timing loop, on the reader chip's executor, where the reference reader's
    /// procedures run.
    private static nonisolated(nonsending) func time(
        _ apdu: [UInt8], clock: BenchClock, _ connection: APDUBenchConnection
    ) async throws -> StackOverheadResult {
        let before = await connection.apdusReceivedByTag()
        let start = connection.now
        let (seconds, calls) = try await clock.secondsPerCall {
            let response = try await connection.transceiver.transceive(apdu)
            guard response == [0x90, 0x00] else {
                throw APDUBenchError.unexpectedResponse(response)
            }
        }
        let received = await connection.apdusReceivedByTag() - before
        return StackOverheadResult(
            apdu: apdu, secondsPerRoundTrip: seconds, roundTrips: calls,
            apdusReceivedByTag: received,
            virtualTimeElapsed: connection.now - start)
    }
}
