import HexText
import NDEF
import Rig
import TagEmulation
import TagFormat

/// Verdicts from what the emulators saw on the RF side, which a DUT cannot fake.
enum RFObservations {
    /// The Type 4 commands the tag received, decoded.
    static func type4Commands(_ context: CaseContext) async -> [CommandAPDU] {
        await context.tagEvents().compactMap { entry in
            guard case .received(let bytes) = entry.event.kind else { return nil }
            return try? CommandAPDU(decoding: bytes)
        }
    }

    /// Every READ BINARY asked for at most `mle` bytes.
    static func readsWithinMLe(_ context: CaseContext, mle: Int) async -> RepetitionOutcome {
        let reads = await type4Commands(context).filter { $0.ins == 0xB0 }
        guard !reads.isEmpty else { return .fail("no READ BINARY was seen on the RF side") }
        if let tooLong = reads.first(where: { ($0.le ?? 0) > mle }) {
            return .fail("READ BINARY asked for \(tooLong.le ?? 0) bytes, MLe is \(mle)")
        }
        return .pass
    }

    /// Every UPDATE BINARY carried at most `mlc` bytes.
    static func updatesWithinMLc(_ context: CaseContext, mlc: Int) async -> RepetitionOutcome {
        let updates = await type4Commands(context).filter { $0.ins == 0xD6 }
        guard !updates.isEmpty else { return .fail("no UPDATE BINARY was seen on the RF side") }
        if let tooLong = updates.first(where: { $0.data.count > mlc }) {
            return .fail("UPDATE BINARY carried \(tooLong.data.count) bytes, MLc is \(mlc)")
        }
        return .pass
    }

    /// The commands that wrote to the tag: UPDATE BINARY (Type 4) or WRITE (Type 2).
    static func writeCommands(_ context: CaseContext) async -> [[UInt8]] {
        await context.tagEvents().compactMap { entry in
            guard case .received(let bytes) = entry.event.kind else { return nil }
            if bytes.count == 6, bytes.first == 0xA2 { return bytes }
            guard let command = try? CommandAPDU(decoding: bytes),
                command.ins == 0xD6 || command.ins == 0xD7
            else { return nil }
            return bytes
        }
    }

    /// The writes the first slot's tag accepted; a harness error when it keeps none.
    static func writeHistory(_ context: CaseContext) async throws(CaseSteps.Stop)
        -> WriteHistory
    {
        guard let history = await context.slots.first?.writeHistory() else {
            throw CaseSteps.Stop(outcome: .error("harness: the tag keeps no write history"))
        }
        return history
    }

    /// The tag saw a tearing-safe write sequence that left `expected` on it.
    static func tearingSafeWrite(_ context: CaseContext, of expected: [UInt8])
        async throws(CaseSteps.Stop) -> RepetitionOutcome
    {
        let history = try await writeHistory(context)
        guard !history.writes.isEmpty else { return .fail("the tag accepted no write") }
        if case .unsafe(let reason) = history.safety {
            return RepetitionOutcome.fail(
                "the write is not tearing-safe: " + describe(reason, in: history)
            ).evidenced(at: await writeCommandTime(context, index: reason.operation))
        }
        return holds(history, expected)
    }

    /// When the tags received their `index`th write command (UPDATE BINARY on a Type 4 tag,
    /// WRITE on a Type 2 tag), counting from 0 across the slots in order.
    static func writeCommandTime(_ context: CaseContext, index: Int) async -> Duration? {
        var writes: [Duration] = []
        for slot in context.slots {
            for event in await slot.events {
                guard case .received(let command) = event.kind else { continue }
                let isUpdateBinary = command.count > 4 && command[1] == 0xD6
                let isType2Write = command.count == 6 && command[0] == 0xA2
                if isUpdateBinary || isType2Write { writes.append(event.at) }
            }
        }
        return index < writes.count ? writes[index] : nil
    }

    /// After the writes, the tag holds a message with the records of `expected`.
    static func tagHolds(_ context: CaseContext, _ expected: [UInt8]) async throws(CaseSteps.Stop)
        -> RepetitionOutcome
    {
        holds(try await writeHistory(context), expected)
    }

    /// The tag's memory is what it was before the case: no write changed it.
    static func tagUnchanged(_ context: CaseContext) async throws(CaseSteps.Stop)
        -> RepetitionOutcome
    {
        let history = try await writeHistory(context)
        let final = history.steps.last?.memory ?? history.initialMemory
        guard final == history.initialMemory else {
            return .fail(
                "expected the tag unchanged, it accepted \(history.writes.count) write(s), the "
                    + "first at \(history.writes.first.map(describe) ?? "?")")
        }
        return .pass
    }

    private static func holds(_ history: WriteHistory, _ expected: [UInt8]) -> RepetitionOutcome {
        guard let wanted = try? NDEFDecoder().decode(expected) else {
            return .error("harness: the expected message does not decode")
        }
        guard case .message(let message, _) = history.finalState,
            message.records == wanted.records
        else {
            return .fail(
                "expected the tag to hold \(wanted.records.count) record(s) after the write, "
                    + "it holds \(describe(history.finalState))")
        }
        return .pass
    }

    /// Why a write sequence is unsafe, naming the write (1-based) and what it did.
    static func describe(_ reason: UnsafeWrite, in history: WriteHistory) -> String {
        let index = reason.operation
        let write = index < history.writes.count ? " (\(describe(history.writes[index])))" : ""
        switch reason {
        case .lengthWrittenWithMessage:
            return "write \(index + 1) of \(history.writes.count)\(write) changed the length "
                + "field and the message together; torn halfway it leaves a length announcing "
                + "bytes not yet written"
        case .brokenIntermediateState(_, let state):
            return "cut after write \(index + 1) of \(history.writes.count)\(write) the tag "
                + "holds \(describe(state)), neither the old message, nor an empty one, nor "
                + "the new one"
        }
    }

    /// What a tag's writes did, in words: `the tag accepted 2 write(s) and now holds no
    /// message (length 0)`, or `the tag accepted no write`.
    static func describeWrites(_ history: WriteHistory) -> String {
        guard !history.writes.isEmpty else { return "the tag accepted no write" }
        return "the tag accepted \(history.writes.count) write(s) and now holds "
            + describe(history.finalState)
    }

    /// A write, in words: where, how long, its first bytes.
    static func describe(_ write: TagWrite) -> String {
        let head = Hex.encode(write.bytes.prefix(8)) + (write.bytes.count > 8 ? "…" : "")
        return "offset \(write.offset), \(write.bytes.count) bytes \(head)"
    }

    /// What a tag holds, in words.
    static func describe(_ state: StoredNDEF) -> String {
        switch state {
        case .empty: "no message (length 0)"
        case .message(let message, _): "a message of \(message.records.count) record(s)"
        case .malformed(let bytes, let error):
            "\(bytes.count) bytes that are no NDEF message (\(error))"
        case .unreadable(let error): "a length field leading nowhere (\(error))"
        }
    }
}
