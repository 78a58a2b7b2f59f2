import HexText
import NDEF
import Rig
import TagEmulation
import TagFormat

/// The kinds of `t4t-layout` case: read a tag right, refuse one as not NDEF, refuse a broken
/// length field, and the `ndef-read`/`ndef-write` judgements on an unusual layout. Each case
/// states its rule, and its setup text the tag and the expected reader behaviour.
extension Type4LayoutSuite {
    /// A check on what the tag saw, after the DUT's part of a case passed.
    typealias RFCheck = @Sendable (CaseContext) async -> RepetitionOutcome

    /// The DUT reads the message byte for byte; then every check on the RF side must pass.
    static func readCase(
        _ id: String, _ title: String, _ setup: Type4Setup, rule: String, expect: String,
        rf checks: [RFCheck] = []
    ) -> ConformanceCase {
        let tag = TagSetup.type4(setup)
        return ConformanceCase(
            id: id, suite: name, title: title, rule: rule, setup: text(setup, expect: expect),
            expectations: .ndefMapping(expect)
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [tag])
                try await CaseSteps.readAlone(context, stored: setup.content)
                return await first(checks, context)
            }
        }
    }

    /// The DUT must refuse the tag as not NDEF (status notSupported, or the reader error
    /// `ndefNotSupported`, or one of `errors` besides) after reading its CC, and read nothing
    /// of its NDEF file. With `stopsAtRefusedNDEFSelect`, the refusal must rest on the tag
    /// refusing the NDEF file's SELECT: no READ or UPDATE BINARY may follow it.
    static func notNDEFCase(
        _ id: String, _ title: String, _ setup: Type4Setup,
        stopsAtRefusedNDEFSelect: Bool = false, orErrors errors: Set<String> = [],
        rule: String, expect: String
    ) -> ConformanceCase {
        refusalCase(
            id, title, setup, accepting: errors.union(["ndefNotSupported"]),
            expected: "not NDEF (status notSupported)" + (errors.isEmpty ? "" : " or an error"),
            rule: rule, expect: expect
        ) { context in
            let looked = await RFObservations.refusedAfterReadingCC(
                context, ndefFileID: setup.ndefFileID)
            guard looked.verdict == .pass, stopsAtRefusedNDEFSelect else { return looked }
            return await RFObservations.stoppedAtRefusedNDEFSelect(
                context, ndefFileID: setup.ndefFileID)
        }
    }

    /// The tag's NLEN (ENLEN) claims more than its NDEF file holds: the DUT must report a tag
    /// response error (CoreNFC's, the tag answered wrongly) or not NDEF, never a message, and
    /// (when `fileSize` is what the CC announces) read nothing past the file; (when the file
    /// really ends at `realSize`, before the CC says) its refusal must rest on a READ past
    /// that end that the tag refused or answered short; then every check in `rf`.
    static func brokenLengthCase(
        _ id: String, _ title: String, _ setup: Type4Setup, fileSize: Int?, realSize: Int? = nil,
        rule: String, expect: String, rf checks: [RFCheck] = []
    ) -> ConformanceCase {
        refusalCase(
            id, title, setup,
            accepting: [
                "tagResponseError", "readerTransceiveErrorTagResponseError", "ndefNotSupported",
            ],
            expected: "tagResponseError (or not NDEF)", rule: rule, expect: expect
        ) { context in
            // The refusal rests on the length field: the DUT must have read it.
            let looked = await RFObservations.lengthFieldReadOnAir(
                context, backing: "the DUT refused the length")
            guard looked.verdict == .pass else { return looked }
            if let realSize {
                let rests = await RFObservations.refusalRestsOnFileEnd(context, realSize: realSize)
                guard rests.verdict == .pass else { return rests }
            }
            if let fileSize {
                let inside = await RFObservations.staysInsideNDEFFile(context, size: fileSize)
                guard inside.verdict == .pass else { return inside }
            }
            return await first(checks, context)
        }
    }

    /// The DUT reads a tag it must refuse: it passes with status notSupported and no message,
    /// or a reader error among `errors`, then `check` on what the tag saw, then a read of a
    /// good Type 4 tag.
    static func refusalCase(
        _ id: String, _ title: String, _ setup: Type4Setup, accepting errors: Set<String>,
        expected: String, rule: String, expect: String, then check: @escaping RFCheck
    ) -> ConformanceCase {
        let tag = TagSetup.type4(setup)
        return ConformanceCase(
            id: id, suite: name, title: title, rule: rule, setup: text(setup, expect: expect),
            expectations: .ndefMapping(expect)
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [tag])
                _ = try await CaseSteps.scan(context, expecting: 1)
                // A fail that rests on what the DUT reported names what the tag served it.
                let onAir = { () async -> String in
                    await "; "
                        + RFObservations.type4ReadEvidence(
                            context, ndefFileID: setup.ndefFileID)
                }
                do throws(DUTError) {
                    let read = try await context.dut.read()
                    if let misread = misread(read, expected: expected) {
                        return .fail(misread.message + (await onAir()))
                    }
                } catch .reader(let name, let message) {
                    guard errors.contains(name) else {
                        return .fail(
                            "the DUT reported \(name) (\(message)), expected \(expected)"
                                + (await onAir()))
                    }
                } catch {
                    return CaseSteps.outcome(of: error, in: "read")
                }
                let checked = await check(context)
                guard checked.verdict == .pass else { return checked }
                return try await CaseSteps.readsAGoodTag(
                    context, ISODEPErrorsSuite.goodTag, kind: "Type 4")
            }
        }
    }

    /// Why `read` is not a refusal: a message, or a status other than notSupported; nil when
    /// it is one.
    static func misread(_ read: DUTRead, expected: String) -> RepetitionOutcome? {
        if let bytes = read.ndef, !bytes.isEmpty {
            return .fail(
                "the DUT reported \(bytes.count) message bytes (status \(read.status.rawValue)) "
                    + "off a tag it had to refuse; expected \(expected)")
        }
        if let records = read.records, !records.isEmpty {
            return .fail(
                "the DUT's application got \(ReadJudgement.describe(records)) off a tag it had "
                    + "to refuse; expected \(expected)")
        }
        guard read.status == .notSupported else {
            return .fail("the DUT reported status \(read.status.rawValue), expected \(expected)")
        }
        return nil
    }

    /// The first check that does not pass, or a pass.
    static func first(_ checks: [RFCheck], _ context: CaseContext) async -> RepetitionOutcome {
        for check in checks {
            let outcome = await check(context)
            guard outcome.verdict == .pass else { return outcome }
        }
        return .pass
    }

    /// `conformanceCase` with `check` on what the tag saw after it passed.
    static func checked(_ conformanceCase: ConformanceCase, then check: @escaping RFCheck)
        -> ConformanceCase
    {
        var checked = conformanceCase
        let body = conformanceCase.body
        checked.body = { context in
            let outcome = await body(context)
            guard outcome.verdict == .pass else { return outcome }
            return await check(context)
        }
        return checked
    }

    /// A case built elsewhere (`ndef-read`, `ndef-write` judgements), with this suite's setup
    /// text and expectations.
    static func described(_ conformanceCase: ConformanceCase, _ setup: Type4Setup, expect: String)
        -> ConformanceCase
    {
        var described = conformanceCase
        described.setup = text(setup, expect: expect)
        described.expectations = .ndefMapping(expect)
        return described
    }

    /// `Type 4 mapping 2.0, MLe 00FF, ... Expected: ...`.
    static func text(_ setup: Type4Setup, expect: String) -> String {
        "\(summary(setup)). Expected: \(expect)."
    }

    /// The tag in words: mapping, MLe, MLc, NDEF file, access, names, length, quirks.
    static func summary(_ setup: Type4Setup) -> String {
        let version = setup.mappingVersion
        var parts = [
            "Type 4 mapping \(version >> 4).\(version & 0x0F)",
            "MLe \(Hex.digits(setup.maximumResponseDataLength, uppercase: true))",
            "MLc \(Hex.digits(setup.maximumCommandDataLength, uppercase: true))",
            "NDEF file \(Hex.digits(setup.ndefFileID, uppercase: true)) of "
                + "\(setup.maximumFileSize) bytes",
            "write access \(Hex.digits(setup.writeAccess, uppercase: true))",
            "a \(setup.content.count)-byte message",
        ]
        if !setup.answersVersion2Application { parts.append("answers the 1.0 name only") }
        if !setup.additionalCCTLVs.isEmpty {
            parts.append("CC TLVs \(Hex.encode(setup.additionalCCTLVs, uppercase: true))")
        }
        if let declared = setup.declaredMessageLength { parts.append("length field \(declared)") }
        let quirks = setup.quirks
        if let value = quirks.announcedCCLength {
            parts.append("CCLEN shown \(Hex.digits(value, uppercase: true))")
        }
        if let value = quirks.announcedMappingVersion {
            parts.append("mapping shown \(value >> 4).\(value & 0x0F)")
        }
        if let word = quirks.selectWithoutLe { parts.append("SELECT without Le answers \(word)") }
        if let word = quirks.selectWithLe { parts.append("SELECT with Le answers \(word)") }
        if quirks.refusesExtendedLength { parts.append("short APDUs only") }
        if quirks.ndefFileMissing { parts.append("NDEF file missing") }
        if let size = quirks.ndefFileSize { parts.append("NDEF file really \(size) bytes") }
        if quirks.answersShortReads {
            parts.append("a READ BINARY past a file's end answered with what is there and 9000")
        }
        if let count = quirks.emptyReadsPastEnd {
            parts.append(
                "a READ BINARY from a file's end answered 9000 with no data (\(count) times, then "
                    + "6B00)")
        }
        if let value = quirks.announcedReadAccess {
            parts.append("read access shown \(Hex.digits(value, uppercase: true))")
        }
        return parts.joined(separator: ", ")
    }
}
