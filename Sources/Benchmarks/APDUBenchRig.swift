import AirLimits
import Foundation
import HexText
import ISODEP
import NDEF
import PN533
import PN533Sim
import Rig
import TagEmulation
import TagFormat
import TagReader

/// nfcrig's reference reader and its Type 4 tag emulator, each on a simulated PN533 in one
/// RF field, on a virtual clock with no USB latency: every layer an APDU crosses between a
/// reader and a tag, and nothing else.
///
/// The reader polls and connects the tag as `NFCReferenceReader` does (its chip sends RATS),
/// then APDUs go through the transceiver its Type 4 procedures use: InDataExchange frames
/// through `PN533Device`, the reader chip's ISO-DEP blocks on the simulated air, the tag
/// chip's TgGetInitiatorCommand / TgResponseToInitiator, and the emulator's `ISODEPCard`
/// and `Type4TagApplication`.
public struct APDUBenchRig: Sendable {
    /// How the air is timed: `.zero` for the stack's own overhead, a bit rate for air limits.
    public var air: AirTiming
    /// The tag the emulator presents.
    public var tag: TagSetup

    /// A rig whose field times frames with `air`, its emulator presenting `tag` (a Type 4
    /// tag holding a short URI record by default).
    public init(air: AirTiming, tag: TagSetup = .type4(Type4Setup(content: Self.message))) {
        self.air = air
        self.tag = tag
    }

    /// The default tag's content: a short URI record, enough for the NDEF application to
    /// exist.
    public static let message = [UInt8]([0xD1, 0x01, 0x05, 0x55, 0x04, 0x61, 0x2E, 0x62, 0x63])

    /// Assembles the rig, presents the tag, connects it with the reference reader and runs
    /// `body` with the connection, all as one participant of the virtual clock; then stops
    /// the emulator, whatever `body` did.
    public func withConnectedTag<T: Sendable>(
        _ body: @Sendable (APDUBenchConnection) async throws -> T
    ) async throws -> T {
        let file = RigFile(
            name: "bench-apdu", emulators: [RigFile.Emulator(id: "tag", device: .sim)],
            dut: .reference(device: .sim))
        // Only simulated chips: nothing to close afterwards.
        let rig = try await AssembledRig.assemble(
            file, directory: URL(fileURLWithPath: "."), usb: .zero, air: air)
        let slot = rig.tagSlot(on: rig.emulators[0])
        return try await rig.run { () async throws -> T in
            try await slot.present(tag)
            let outcome: Result<T, any Error>
            do {
                let reader = try await rig.referenceReader()
                guard case .tag(let tag) = try await reader.poll(timeout: .seconds(1)),
                    tag.type == .type4
                else { throw APDUBenchError.tagNotConnected }
                let (device, timeout) = await (reader.device, reader.configuration.exchangeTimeout)
                let connection = APDUBenchConnection(
                    reader: reader,
                    transceiver: ChipISODEPTransceiver(
                        device: device, target: tag.target.tg, timeout: timeout),
                    time: rig.time, slot: slot)
                outcome = .success(try await body(connection))
            } catch {
                outcome = .failure(error)
            }
            await slot.stop()
            return try outcome.get()
        }
    }
}

/// A tag the reference reader connected on an `APDUBenchRig`.
public struct APDUBenchConnection: Sendable {
    /// The reference reader that connected the tag.
    public let reader: NFCReferenceReader
    /// The reader's way to the tag's ISO-DEP layer (the one its Type 4 procedures use).
    public let transceiver: ChipISODEPTransceiver
    /// The rig's time (virtual: the rig's chips are all simulated).
    let time: RigTime
    let slot: RigTagSlot

    /// Time on the rig's virtual clock since it was assembled.
    public var now: Duration { time.now }

    /// Runs `body` isolated to the reader's chip, as the reference reader's procedures run.
    public func onReaderChip<T: Sendable>(
        _ body: @Sendable (isolated PN533Device) async throws -> T
    ) async throws -> T {
        try await body(transceiver.device)
    }

    /// How many command APDUs the tag's application has received so far.
    public func apdusReceivedByTag() async -> Int {
        await slot.receivedCount
    }

    /// `command` through `exchange` once untimed, then `count` times on the virtual clock,
    /// each answer required to be `expected`: the rate against DESIGN §4's limit for these
    /// sizes at `rate`. The first exchange follows the activation or a SELECT, not an
    /// exchange of its own: the timed ones start from the end of a response, as they end.
    func timeExchanges(
        _ command: [UInt8], expecting expected: [UInt8], count: Int, at rate: AirTiming.BitRate,
        _ exchange: ([UInt8]) async throws -> [UInt8]
    ) async throws -> AirLimitResult {
        _ = try await exchange(command)
        let before = await apdusReceivedByTag()
        let start = now
        for _ in 0..<count {
            let response = try await exchange(command)
            guard response == expected else { throw APDUBenchError.unexpectedResponse(response) }
        }
        let elapsed = now - start
        return AirLimitResult(
            limit: APDUAirLimit(
                commandBytes: command.count, responseBytes: expected.count,
                bitrateKbps: rate.rawValue),
            apdus: count, virtualSeconds: elapsed.seconds,
            apdusReceivedByTag: await apdusReceivedByTag() - before)
    }
}

/// Why an APDU benchmark could not run.
public enum APDUBenchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reference reader did not connect exactly one Type 4 tag.
    case tagNotConnected
    /// The tag answered an APDU with something else than the expected response.
    case unexpectedResponse([UInt8])

    public var description: String {
        switch self {
        case .tagNotConnected: "the reference reader did not connect the emulated Type 4 tag"
        case .unexpectedResponse(let bytes):
            "the tag answered " + Hex.encode(bytes, separator: " ")
        }
    }
}
