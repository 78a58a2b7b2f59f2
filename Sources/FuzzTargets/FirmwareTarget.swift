import PN533
import PN533Sim

/// The simulated PN533 firmware (Sources/PN533Sim) fed arbitrary host transfers: the input
/// cut into transfers (`TransferSplit`, at most `maximumTransfers`), each sent through the
/// chip's USB transport on a fresh `SimulationClock` with one Type A tag in the field, as
/// `HostileHostBytesTests` drives it.
///
/// Properties: the chip answers every transfer with frames a PN533 could send (each decodes
/// with `PN533Frame.decode(transfer:)`: an ACK, NACK or error frame, or a response, never a
/// command), or with nothing, and it neither crashes nor hangs.
public enum FirmwareTarget: FuzzTarget {
    public static let name = "firmware"
    /// More transfers reach little new state and slow every input down (the time an input
    /// takes grows with its transfers).
    static let maximumTransfers = 16
    /// How long (simulated) the host waits for more answers after each transfer.
    static let answerWindow = Duration.milliseconds(2)

    public static func check(_ input: [UInt8]) throws(PropertyFailure) {
        let transfers = Array(TransferSplit.transfers(input).prefix(maximumTransfers))
        let failures = Blocking.run { await answersBreakingTheProtocol(transfers) }
        if let failure = failures.first { throw failure }
    }

    /// Every answer that is not a frame a PN533 sends, as failures.
    static func answersBreakingTheProtocol(_ transfers: [[UInt8]]) async -> [PropertyFailure] {
        let clock = SimulationClock()
        let field = RFField(clock: clock)
        guard let identity = try? TypeAIdentity(uid: [0x08, 1, 2, 3], sensRes: [0, 4], selRes: 0)
        else { return [PropertyFailure("the fixture's tag identity is valid", "")] }
        let tag = SoftwareTag(identity: identity) { frame in .withCRC(frame.bytes) }
        _ = await field.enter(tag, identity: identity)
        let chip = PN533Firmware(name: "fuzzed", field: field, usb: .zero)
        let transport = chip.transport()
        return await clock.participate {
            var failures: [PropertyFailure] = []
            for transfer in transfers {
                try? await transport.send(transfer)
                failures += await drain(transport, after: transfer)
            }
            // An ACK aborts whatever command still runs, so that the chip is idle when the
            // simulation ends (a channel freed with frames still in it traps).
            try? await transport.send([0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00])
            failures += await drain(transport, after: [])
            return failures
        }
    }

    /// Reads answers until none comes within `answerWindow`; the ones a PN533 could not send.
    static func drain(_ transport: SimulatedTransport, after transfer: [UInt8]) async
        -> [PropertyFailure]
    {
        var failures: [PropertyFailure] = []
        while let answer = try? await transport.receive(timeout: answerWindow) {
            switch Result(catching: { () throws(PN533FrameError) in
                try PN533Frame.decode(transfer: answer)
            }) {
            case .failure(let error):
                failures.append(
                    PropertyFailure(
                        "the chip answers with frames",
                        "to \(transfer) it answered \(answer): \(error)"))
            case .success(.information(.hostToChip, _, _)):
                failures.append(
                    PropertyFailure(
                        "the chip answers with responses, not commands",
                        "to \(transfer) it answered \(answer)"))
            case .success:
                break
            }
        }
        return failures
    }
}
