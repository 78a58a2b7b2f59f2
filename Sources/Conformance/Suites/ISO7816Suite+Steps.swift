import HexText
import ISODEP
import Rig
import TagEmulation
import TagFormat

/// The `iso7816` suite's steps: the DUT's `select` and `apdu`, and what the card received.
extension ISO7816Suite {
    /// The DUT's session selecting among `aids`; DUT trouble stops the case (a DUT without
    /// tag reader sessions skips it).
    static func select(_ context: CaseContext, _ aids: [ApplicationIdentifier])
        async throws(CaseSteps.Stop) -> DUTSelection?
    {
        do {
            return try await context.dut.selectISO7816(aids)
        } catch {
            throw CaseSteps.Stop(outcome: CaseSteps.outcome(of: error, in: "select"))
        }
    }

    /// Registers `aid` alone, insists the DUT selected it, and returns what it reported.
    @discardableResult
    static func selected(_ context: CaseContext, _ aid: ApplicationIdentifier)
        async throws(CaseSteps.Stop) -> DUTSelection
    {
        let selection = try await select(context, [aid])
        guard let selection, selection.aid == aid else {
            throw CaseSteps.Stop(
                outcome: .fail(
                    "select: the DUT reported \(selection.map { "\($0.aid)" } ?? "no application"),"
                        + " the card has \(aid) and answered its SELECT with 9000"))
        }
        // A DUT can name the AID it was given without sending anything: the card must have
        // answered a SELECT of it.
        let onAir = await RFObservations.applicationSelected(context, name: aid.bytes)
        guard onAir.verdict == .pass else { throw CaseSteps.Stop(outcome: onAir) }
        return selection
    }

    /// The DUT's `apdu`, timed under `apduTime.<size class>` (command and response bytes),
    /// the command's and response's lengths, the tag type and the bit rate its conditions.
    static func apdu(_ context: CaseContext, _ command: [UInt8]) async throws(CaseSteps.Stop)
        -> [UInt8]
    {
        let start = context.now
        let response: [UInt8]
        do {
            response = try await context.dut.sendAPDU(command)
        } catch {
            throw CaseSteps.Stop(outcome: CaseSteps.outcome(of: error, in: "apdu"))
        }
        context.recorder.record(
            sizeClass(command.count + response.count), context.now - start,
            conditions: CaseSteps.apduConditions(
                context, command: command.count, response: response.count))
        return response
    }

    /// The APDU round-trip series a command and its response of `bytes` together fall in.
    static func sizeClass(_ bytes: Int) -> String {
        switch bytes {
        case ..<64: "apduTime.<64B"
        case ..<512: "apduTime.<512B"
        case ..<4096: "apduTime.<4KiB"
        default: "apduTime.≥4KiB"
        }
    }

    /// Selects `aid`, sends `command` and insists on `expected` back (`what` names it).
    static func exchange(
        _ context: CaseContext, on aid: ApplicationIdentifier, _ command: [UInt8],
        _ expected: [UInt8], _ what: String
    ) async throws(CaseSteps.Stop) {
        try await selected(context, aid)
        let judged = expect(try await apdu(context, command), expected, to: what)
        guard judged.verdict == .pass else { throw CaseSteps.Stop(outcome: judged) }
        // The right answer proves nothing by itself: the card must have received the command.
        guard await commands(context).contains(command) else {
            throw CaseSteps.Stop(
                outcome: .fail(
                    "\(what): the DUT returned the card's answer, but the card never received "
                        + "the command " + describe(command)))
        }
    }

    /// The reader's R- and S-blocks and chained parts, as the card logged them.
    static func readerBlocks(_ context: CaseContext) async -> [ISODEPBlock] {
        await context.slots[0].events.compactMap { event in
            if case .readerBlock(let block) = event.kind { block } else { nil }
        }
    }

    /// `response` must be `expected`; otherwise the case fails naming both.
    static func expect(_ response: [UInt8], _ expected: [UInt8], to what: String)
        -> RepetitionOutcome
    {
        guard response != expected else { return .pass }
        return .fail(
            "\(what): the DUT returned \(describe(response)), the card answered "
                + describe(expected))
    }

    /// A response for a verdict: short ones whole, long ones by length and status word.
    static func describe(_ response: [UInt8]) -> String {
        guard response.count > 24 else { return Hex.encode(response, uppercase: true) }
        return "\(response.count - 2) data bytes and SW "
            + Hex.encode(response.suffix(2), uppercase: true)
    }

    /// The command APDUs the card received, in order.
    static func commands(_ context: CaseContext) async -> [[UInt8]] {
        await context.slots[0].events.compactMap { event in
            if case .received(let apdu) = event.kind { apdu } else { nil }
        }
    }

    /// The names the card was asked to SELECT by, in order.
    static func selectedNames(_ context: CaseContext) async -> [[UInt8]] {
        await commands(context).compactMap { bytes in
            guard let command = try? CommandAPDU(decoding: bytes),
                command.ins == Type4Tag.Instruction.select.rawValue,
                command.p1 == Type4Tag.selectByName
            else { return nil }
            return command.data
        }
    }

    /// A loopback command of `data` (CLA 80, INS 01), short Le 00 or extended Le 0000.
    static func loopbackCommand(_ data: [UInt8], extended: Bool) -> [UInt8] {
        let header: [UInt8] = [0x80, 0x01, 0x00, 0x00]
        guard extended else { return header + [UInt8(data.count)] + data + [0x00] }
        return header + [0x00, UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + data
            + [0x00, 0x00]
    }
}
