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
        let answer = await answer(to: at, context).map { "; the tag answered \($0)" } ?? ""
        return RepetitionOutcome.fail(
            "the DUT sent an extended-length APDU (\(extended)) to a tag that takes short APDUs "
                + "only" + answer
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

    /// The status word of the answer the first slot's tag sent to the command it received at
    /// `at`, as the tag's log holds it; nil when the log shows none.
    static func answer(to at: Duration, _ context: CaseContext) async -> StatusWord? {
        let events = await context.slots.first?.events ?? []
        guard let index = events.firstIndex(where: { $0.at == at }),
            index + 1 < events.count, case .sent(let reply) = events[index + 1].kind,
            reply.count >= 2
        else { return nil }
        return StatusWord(sw1: reply[reply.count - 2], sw2: reply[reply.count - 1])
    }

    /// The refusal of a tag whose NDEF file really ends at byte `realSize` (before NLEN does)
    /// rests on the tag's answer: some READ BINARY of the NDEF file reached past that end and
    /// was refused, or answered 9000 with fewer bytes than it asked for. A DUT that refused
    /// before any such READ refused for another reason.
    static func refusalRestsOnFileEnd(_ context: CaseContext, realSize: Int) async
        -> RepetitionOutcome
    {
        let reads = await type4Accesses(context).filter { $0.file == .ndef && $0.isRead }
        let past = reads.first { read in
            read.range.upperBound > realSize && (read.status != .ok || read.isShort)
        }
        guard past == nil else { return .pass }
        let asked = reads.prefix(4).map(\.summary).joined(separator: "; ")
        return .fail(
            "the DUT refused the tag before the tag refused anything: no READ BINARY of the "
                + "NDEF file reached past its real end (byte \(realSize)) and came back refused "
                + "or short; its READs of the file: " + (asked.isEmpty ? "none" : asked))
    }

    /// After the tag refused the SELECT of the NDEF file (`ndefFileID`), the DUT sent no READ
    /// or UPDATE BINARY before another SELECT succeeded: its "not NDEF" rests on that refusal,
    /// not on a read of whatever file stayed selected failing later.
    static func stoppedAtRefusedNDEFSelect(_ context: CaseContext, ndefFileID: UInt16) async
        -> RepetitionOutcome
    {
        let accesses = await type4Accesses(context, ndefFileID: ndefFileID)
        guard let access = accesses.first(where: { $0.afterRefusedNDEFSelect != nil }),
            let refusal = access.afterRefusedNDEFSelect
        else { return .pass }
        return RepetitionOutcome.fail(
            "the tag answered the NDEF file's SELECT (\(refusal.command)) with \(refusal.status), "
                + "and the DUT went on with \(access.command) on the file still selected: its "
                + "refusal does not rest on the missing file"
        ).evidenced(at: access.at)
    }

    /// The DUT stopped asking for bytes the tag does not give: at most `allowed` READ
    /// BINARYs of the NDEF file came back 9000 with no data. Such an answer moves a read on
    /// by nothing, so asking again asks the same question; a reader that goes on loops for as
    /// long as the tag answers so.
    static func stopsOnEmptyReads(_ context: CaseContext, allowed: Int) async
        -> RepetitionOutcome
    {
        let empty = await type4Accesses(context).filter { access in
            access.file == .ndef && access.isShort && access.answered == 0
        }
        guard empty.count > allowed else { return .pass }
        let offsets = Set(empty.map(\.range.lowerBound)).sorted().map(String.init)
        return RepetitionOutcome.fail(
            "the tag answered \(empty.count) READ BINARYs of the NDEF file 9000 with no data "
                + "(at offset \(offsets.joined(separator: ", "))), the first \(empty[0].summary), "
                + "and the DUT asked again after each: a read that gets nothing must end, after "
                + "\(allowed) such answers at most"
        ).evidenced(at: empty[allowed].at)
    }

    /// No UPDATE BINARY reached the tag: a refusal to write that rests on the CC's write
    /// access (`writeAccess`), not on the tag answering the write 6982.
    static func noUpdateBinary(_ context: CaseContext, writeAccess: UInt8) async
        -> RepetitionOutcome
    {
        guard let update = await type4Accesses(context).first(where: { !$0.isRead }) else {
            return .pass
        }
        return RepetitionOutcome.fail(
            "the DUT sent \(update.summary) though the CC's write access "
                + "\(Hex.encode([writeAccess], uppercase: true)) grants no writing: its refusal "
                + "rests on the tag's answer, not on the CC"
        ).evidenced(at: update.at)
    }

    /// What the tag served of its CC and NDEF file, for a fail that rests on what the DUT
    /// reported of them: `the CC was read with READ BINARY ...; the NDEF file with none`.
    static func type4ReadEvidence(_ context: CaseContext, ndefFileID: UInt16) async -> String {
        let reads = await type4Accesses(context, ndefFileID: ndefFileID).filter(\.isRead)
        func listed(_ reads: [Type4FileAccess]) -> String {
            guard !reads.isEmpty else { return "no READ BINARY" }
            let shown = reads.prefix(3).map(\.summary).joined(separator: ", ")
            return shown + (reads.count > 3 ? " and \(reads.count - 3) more" : "")
        }
        return "the tag's CC was read with "
            + listed(reads.filter { $0.file == .capabilityContainer })
            + "; its NDEF file with " + listed(reads.filter { $0.file == .ndef })
    }
}
