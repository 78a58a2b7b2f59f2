import NDEF
import Rig

/// `chunked`: a chunked record comes out of the DUT reassembled into one record; a broken
/// chunk sequence is rejected (an error, or a message without the broken record) and the DUT
/// goes on working.
enum ChunkedSuite: ConformanceSuite {
    static let name = "chunked"
    static let judgedUnder: Set<ReaderProfile> = [.nfcForum, .coreNFC]
    static let notJudged = ProfileExpectations.noNDEFMapping

    /// What the suite checks and how it is judged, for the catalogue.
    static let about = [
        "Chunked records (NDEF 1.0 §2.3.3) on Type 4 and Type 2 tags: a JSON record in three "
            + "chunks, in 1-byte chunks, and between two plain records must reach the DUT's "
            + "application as one record; a chunk sequence that breaks one rule (a middle chunk "
            + "with a type, no terminating chunk, a chunk with IL, an initial chunk with ME) "
            + "must not.",
        "The reassembly cases judge the records the DUT's application decoded (`records` in "
            + "its read answer): a DUT that reports bytes only cannot show them, and its right "
            + "bytes skip the case. A broken sequence passes when the DUT reports an error or a "
            + "message without the broken record (no record of TNF media or unchanged) after "
            + "reading the whole broken message off the tag on the air (a reader that refuses "
            + "every read never saw the chunks), and then still finds the tag in a scan; a DUT "
            + "that reports only the broken bytes is skipped.",
        "Measurements: `timeToDetect`, `readTime.<size>` and `readTime` (the reads of broken "
            + "messages).",
    ]

    static var cases: [ConformanceCase] {
        let json = Fixtures.json(Fixtures.favoriteJSON)
        // 41 bytes of JSON in chunks of 14: three chunks.
        let three = Fixtures.encode([json], chunkSize: 14)
        let single = Fixtures.encode([json], chunkSize: 1)
        // The plain records' payloads are shorter than 14 bytes: only the JSON is chunked.
        let plain = [Fixtures.uri("https://a.example"), Fixtures.text("hi")]
        let between = Fixtures.encode([plain[0], json, plain[1]], chunkSize: 14)
        let reassembled =
            "NFC Forum NDEF 1.0 §2.3.3 (Record Chunks): an initial chunk (CF set, with the "
            + "TYPE), middle chunks (CF set, TNF 0x06 Unchanged) and a terminating chunk (CF "
            + "clear) carry one payload; the NDEF parser hands payloads, not chunks, to the "
            + "application (§1.7 Glossary, \"NDEF parser\" and \"NDEF chunked payload\"), so "
            + "the application gets one record"
        let inOrder = reassembled + "; the records around it keep their order (§2.3.1, Message)"
        // NDEF 1.0 §2.2 leaves a malformed message to the parser: what a reader does with one
        // is nfcrig's rule, the same for each broken sequence.
        let rejected =
            "; NDEF 1.0 §2.2 (Intended Usage) leaves a malformed message to the parser, and "
            + "nfcrig's rule is that the broken record is kept from the application (an error, "
            + "or the message without it) and the DUT goes on scanning"
        let unterminated =
            "NFC Forum NDEF 1.0 §2.3.3 (Record Chunks): a chunked payload ends with a "
            + "terminating chunk (CF "
            + "clear) in the same message" + rejected
        return [
            reassemblyCase(
                "CHUNK-001", "reassembles a JSON record in three chunks from a Type 4 tag",
                Fixtures.type4(three), rule: reassembled),
            reassemblyCase(
                "CHUNK-002", "reassembles a JSON record in three chunks from a Type 2 tag",
                Fixtures.type2(three), rule: reassembled),
            reassemblyCase(
                "CHUNK-003", "reassembles a JSON record in 1-byte chunks from a Type 4 tag",
                Fixtures.type4(single), rule: reassembled),
            reassemblyCase(
                "CHUNK-004", "reassembles a JSON record in 1-byte chunks from a Type 2 tag",
                Fixtures.type2(single, size: 496), rule: reassembled),
            reassemblyCase(
                "CHUNK-005",
                "reassembles a chunked JSON record between two plain records on a Type 4 tag",
                Fixtures.type4(between), rule: inOrder),
            reassemblyCase(
                "CHUNK-006",
                "reassembles a chunked JSON record between two plain records on a Type 2 tag",
                Fixtures.type2(between), rule: inOrder),
            rejectionCase(
                "CHUNK-007", "rejects a middle chunk that carries a type and keeps working",
                Fixtures.type4(BrokenChunks.middleChunkWithType),
                rule: "NFC Forum NDEF 1.0 §2.3.3 (Record Chunks) and §3.2.6 (TNF): a middle "
                    + "chunk has TYPE_LENGTH 0 and TNF 0x06 (Unchanged)" + rejected),
            rejectionCase(
                "CHUNK-008",
                "rejects a chunked record without its terminating chunk and keeps working",
                Fixtures.type4(BrokenChunks.missingTerminatingChunk), rule: unterminated),
            rejectionCase(
                "CHUNK-009", "rejects a chunk with an ID length (IL) and keeps working",
                Fixtures.type4(BrokenChunks.chunkWithIL),
                rule: "NFC Forum NDEF 1.0 §2.3.3 (Record Chunks) and §3.2.11 (ID): middle and "
                    + "terminating chunks have IL 0 and no ID field" + rejected),
            rejectionCase(
                "CHUNK-010", "rejects an initial chunk that carries ME and keeps working",
                Fixtures.type4(BrokenChunks.initialChunkWithME),
                rule: "NFC Forum NDEF 1.0 §2.3.3 (Record Chunks): neither an initial nor a middle "
                    + "chunk has ME set, for a chunked payload never leaves its message" + rejected),
            rejectionCase(
                "CHUNK-011",
                "rejects a chunked record without its terminating chunk on a Type 2 tag and "
                    + "keeps working",
                Fixtures.type2(BrokenChunks.missingTerminatingChunk), rule: unterminated),
        ]
    }

    /// The tag holds `setup`'s chunked content; the records the DUT's application got must
    /// be the message's, each chunked record reassembled into one.
    static func reassemblyCase(_ id: String, _ title: String, _ setup: TagSetup, rule: String)
        -> ConformanceCase
    {
        NDEFReadSuite.readCase(id, title, setup, rule: rule, check: .records, suite: name)
    }

    /// The tag holds a broken chunk sequence after a plain Text record. The DUT must report
    /// an error or a message without the broken record, and then still find the tag.
    static func rejectionCase(_ id: String, _ title: String, _ setup: TagSetup, rule: String)
        -> ConformanceCase
    {
        ConformanceCase(
            id: id, suite: name, title: title, rule: rule, setup: "\(setup)",
            expectation: "reports an error, or a message without the broken chunk sequence (its "
                + "application never gets the broken record), after reading the tag on the air; "
                + "then still finds the tag in a new scan"
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [setup])
                _ = try await CaseSteps.scan(context, expecting: 1)
                let rejected = await rejects(context, stored: setup.content)
                guard rejected.verdict == .pass else { return rejected }
                do throws(DUTError) {
                    let scan = try await context.dut.scan(timeout: .seconds(3))
                    guard scan.tags.count == 1 else {
                        return .fail(
                            "after the broken message the DUT found \(scan.tags.count) tag(s), "
                                + "expected 1")
                    }
                } catch .protocolViolation(let line, let reason) {
                    return .error("scan: \(DUTError.protocolViolation(line: line, reason: reason))")
                } catch {
                    // A reader error, a hang or an exit right after the broken message: the
                    // DUT did not keep working.
                    return .fail("after the broken message the DUT no longer scans: \(error)")
                }
                return .pass
            }
        }
    }

    /// Whether the DUT's read of a tag holding `stored` keeps the broken record out: an
    /// error, no message, or records its application got without a piece of the broken
    /// record (TNF media or unchanged). A DUT that reports only the bytes it read cannot
    /// show what its application did with them: the case is skipped.
    static func rejects(_ context: CaseContext, stored: [UInt8]) async -> RepetitionOutcome {
        // A refusal, or a message without the broken record, counts only when the DUT read the
        // broken message off the tag: a reader that refuses every read never saw the chunks.
        let readOnAir = {
            await RFObservations.messageReadOnAir(
                context, backing: "the DUT kept the broken record from its application")
        }
        let read: DUTRead
        switch await CaseSteps.refusalRead(context, on: "the broken message", metric: "readTime") {
        case .refused: return await readOnAir()
        case .broke(let outcome): return outcome
        case .answered(let answer): read = answer
        }
        if let bytes = read.ndef, bytes != stored {
            return .fail(
                "the DUT's message bytes are not the tag's: "
                    + ReadJudgement.difference(bytes, stored))
        }
        guard read.ndef != nil || read.records != nil else { return await readOnAir() }
        guard let records = read.records else {
            return .skip(
                "the DUT read the broken message's bytes but did not report the records its "
                    + "application decoded (\"records\" in its read answer), so whether it "
                    + "rejected the broken chunks cannot be seen")
        }
        if records.contains(where: { [.media, .unchanged].contains($0.typeNameFormat) }) {
            return .fail(
                "expected an error or a message without the broken record; the DUT's "
                    + "application got \(ReadJudgement.describe(records))")
        }
        return await readOnAir()
    }
}

/// Chunk sequences that break one rule each (the vectors of `NDEFDecoderRuleTests`), after a
/// Text record "ok" that opens the message: what a DUT may keep of them.
enum BrokenChunks {
    /// Text record "ok", MB and SR, no ME.
    static let opening: [UInt8] = [0x91, 0x01, 0x05, 0x54, 0x02, 0x65, 0x6E, 0x6F, 0x6B]
    static let type = Array("application/json".utf8)
    static let parts = [#"{"id":"8f14e45f","#, #""favorite":"#, #""espresso"}"#].map {
        Array($0.utf8)
    }

    /// CF SR TNF media, with the type: the initial chunk.
    static func initial(flags: UInt8 = 0x32) -> [UInt8] {
        [flags, UInt8(type.count), UInt8(parts[0].count)] + type + parts[0]
    }

    /// CF SR TNF unchanged: a middle chunk.
    static let middle: [UInt8] = [0x36, 0x00, UInt8(parts[1].count)] + parts[1]

    /// ME SR TNF unchanged: the terminating chunk.
    static let terminating: [UInt8] = [0x56, 0x00, UInt8(parts[2].count)] + parts[2]

    /// Rule `chunkHasType`: the middle chunk repeats the type.
    static let middleChunkWithType: [UInt8] =
        opening + initial() + [0x36, UInt8(type.count), UInt8(parts[1].count)] + type + parts[1]
        + terminating

    /// Rule `unterminatedChunk`: the message ends after a middle chunk.
    static let missingTerminatingChunk: [UInt8] = opening + initial() + middle

    /// Rule `chunkHasIdentifier`: the terminating chunk has IL (and an empty ID).
    static let chunkWithIL: [UInt8] =
        opening + initial() + middle + [0x5E, 0x00, UInt8(parts[2].count), 0x00] + parts[2]

    /// Rule `messageEndInsideChunk`: the initial chunk carries ME.
    static let initialChunkWithME: [UInt8] = opening + initial(flags: 0x72)
}
