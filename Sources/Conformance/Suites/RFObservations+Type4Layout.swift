import HexText
import Rig
import TagEmulation
import TagFormat

/// What a Type 4 tag saw of the DUT's file accesses, for the `t4t-layout` suite: reads that
/// stay inside the NDEF file, a refused tag whose NDEF file was never read, short APDUs only,
/// the application name that was selected.
extension RFObservations {
    /// The first slot's READ and UPDATE BINARY commands, each with the file it reached.
    static func type4Accesses(
        _ context: CaseContext, ndefFileID: UInt16 = NDEFFileControl.defaultFileID
    ) async -> [Type4FileAccess] {
        Type4FileAccess.all(in: await context.slots.first?.events ?? [], ndefFileID: ndefFileID)
    }

    /// No READ or UPDATE BINARY of the NDEF file reached past its `size` bytes.
    static func staysInsideNDEFFile(_ context: CaseContext, size: Int) async -> RepetitionOutcome {
        let past = await type4Accesses(context).first { access in
            access.file == .ndef && access.range.upperBound > size
        }
        guard let past else { return .pass }
        return RepetitionOutcome.fail(
            "\(past.summary) reaches byte \(past.range.upperBound - 1) of an NDEF file of \(size) "
                + "bytes: the DUT read past the file its CC announces"
        ).evidenced(at: past.at)
    }

    /// The DUT read the tag's CC, so that its "not NDEF" rests on what the CC says, and read
    /// nothing of the NDEF file of a tag it had to refuse.
    static func refusedAfterReadingCC(_ context: CaseContext, ndefFileID: UInt16) async
        -> RepetitionOutcome
    {
        let accesses = await type4Accesses(context, ndefFileID: ndefFileID)
        if let read = accesses.first(where: { $0.file == .ndef && $0.isRead }) {
            return RepetitionOutcome.fail(
                "the DUT read the NDEF file of a tag it had to refuse: \(read.summary)"
            ).evidenced(at: read.at)
        }
        guard accesses.contains(where: { $0.file == .capabilityContainer && $0.isRead }) else {
            return .fail(
                "the DUT answered without looking: no READ BINARY of the CC reached the tag")
        }
        return .pass
    }

    /// No command APDU with extended length fields reached the tag.
    static func onlyShortAPDUs(_ context: CaseContext) async -> RepetitionOutcome {
        let received = await context.tagEvents().compactMap { entry in
            guard case .received(let bytes) = entry.event.kind,
                let command = try? CommandAPDU(decoding: bytes)
            else { return nil as (Duration, CommandAPDU)? }
            return (entry.event.at, command)
        }
        guard let (at, extended) = received.first(where: { $0.1.isExtended }) else {
            return .pass
        }
        return RepetitionOutcome.fail(
            "the DUT sent an extended-length APDU (\(extended)) to a tag that takes short APDUs "
                + "only; the tag answered 6700"
        ).evidenced(at: at)
    }

    /// The tag answered 9000 to a SELECT of the application `name`.
    static func applicationSelected(_ context: CaseContext, name: [UInt8]) async
        -> RepetitionOutcome
    {
        let events = await context.slots.first?.events ?? []
        var asked = false
        for (command, answer) in zip(events, events.dropFirst()) {
            guard case .received(let bytes) = command.kind,
                let select = try? CommandAPDU(decoding: bytes),
                select.ins == Type4Tag.Instruction.select.rawValue,
                select.p1 == Type4Tag.selectByName, select.data == name
            else { continue }
            asked = true
            // The answer may carry the application's FCI before its status word.
            if case .sent(let reply) = answer.kind,
                reply.suffix(2).elementsEqual(ResponseAPDU(statusWord: .ok).encoded())
            {
                return .pass
            }
        }
        return .fail(
            "the tag answers only the application name \(Hex.encode(name, uppercase: true)); "
                + "the DUT " + (asked ? "never selected it successfully" : "never tried it"))
    }
}
