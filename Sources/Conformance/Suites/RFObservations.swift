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
}
