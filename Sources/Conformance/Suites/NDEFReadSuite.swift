import NDEF
import Rig
import TagFormat

/// `ndef-read`: the DUT reads what the tag holds — every tag type and mapping, empty to
/// full, every RTD, reads longer than MLe — and reports status and capacity right.
enum NDEFReadSuite: ConformanceSuite {
    static let name = "ndef-read"
    static let judgedUnder: Set<ReaderProfile> = [.nfcForum, .coreNFC]
    static let notJudged = ProfileExpectations.noNDEFMapping

    /// What the suite checks and how it is judged, for the catalogue.
    static let about = [
        "Reads of well-formed tags: Type 4 tags of mapping 2.0 and 3.0 and Type 2 tags, one "
            + "record and eight, each RTD nfcrig knows (Text in UTF-8 and UTF-16, Smart Poster, "
            + "media, absolute URI, external type, Android Application Record), messages that "
            + "fill the tag, a message longer than MLe, read-only and unformatted tags, the "
            + "capacity, empty tags.",
        "A read passes when the message the DUT returns is the tag's byte for byte. A case about "
            + "decoded content (record counts, RTDs) judges the records the DUT's application "
            + "decoded (`records` in its read answer) and is skipped, never passed, for a DUT "
            + "that reports bytes only. A status or \"no message\" counts only when the "
            + "emulator saw the DUT try the tag's NDEF (a DUT that never looked would say the "
            + "same), and NDEF-R-015 checks on the RF side that no READ BINARY asked for more "
            + "than MLe bytes. Every reported message, status and \"no message\" must rest on "
            + "what the tag served on the air: a message on every byte of it, read in one "
            + "activation with the mapping's commands (Type 4: the CC and the NDEF file from "
            + "NLEN or ENLEN on; Type 2: the CC block and the NDEF Message TLV), a status or a "
            + "capacity on a read of the CC, \"no message\" on a read of the zero length.",
        "Measurements: `timeToDetect` (each scan), `readTime.<128B`, `readTime.<1KiB`, "
            + "`readTime.<4KiB`, `readTime.≥4KiB` (reads by message size) and `readTime` (the "
            + "reads behind a status).",
    ]

    /// The Type 4 read as the NFC Forum writes it, mapping 2.0.
    static let type4Read =
        "NFC Forum T4T 2.0 §5.4.1 (NDEF Detection Procedure) and §5.4.6 (NDEF Read "
        + "Procedure): SELECT the NDEF Tag Application, the CC file and the NDEF file, read "
        + "NLEN, then NLEN bytes of message"
    /// The same for mapping 3.0 (ENDEF file, ENLEN).
    static let type4Read30 =
        "NFC Forum T4T 3.0 §5.5.6 (NDEF Read Procedure): a mapping 3.0 CC names the NDEF file "
        + "in an ENDEF File Control TLV, and the file starts with a 4-byte ENLEN"
    /// The Type 2 read.
    static let type2Read =
        "NFC Forum T2T 1.1 §6.4.1 (NDEF Detection Procedure) and §6.4.2 (NDEF Read "
        + "Procedure): read the CC, walk the data area's TLVs to the NDEF Message TLV, then "
        + "read as many bytes as its length says"

    static var cases: [ConformanceCase] {
        let uri = Fixtures.encode([Fixtures.uri("https://example.com/products?id=42")])
        let eightRecords =
            "NFC Forum NDEF 1.0 §2.3.1 (Message): a message is one or more records, MB set on "
            + "the first and ME on the last; the DUT's application gets all eight, as the "
            + "DUT's `records` show them (docs/testing-your-reader.md, `read`)"
        var cases = [
            readCase(
                "NDEF-R-001", "reads a URI record from a Type 4 tag (mapping 2.0)",
                Fixtures.type4(uri), rule: type4Read),
            readCase(
                "NDEF-R-002", "reads a URI record from a Type 4 tag (mapping 3.0, ENLEN)",
                Fixtures.type4(uri, mapping: CapabilityContainer.version3), rule: type4Read30),
            readCase(
                "NDEF-R-003", "reads a URI record from a Type 2 tag", Fixtures.type2(uri),
                rule: type2Read),
            readCase(
                "NDEF-R-004", "reads eight records from a Type 4 tag",
                Fixtures.type4(Fixtures.manyRecords(8)), rule: eightRecords, check: .records),
            readCase(
                "NDEF-R-005", "reads eight records from a Type 2 tag",
                Fixtures.type2(Fixtures.manyRecords(8)), rule: eightRecords, check: .records),
        ]
        let rtds: [(String, String, String, NDEFRecord)] = [
            (
                "NDEF-R-006", "a UTF-8 Text record",
                "NFC Forum Text RTD 1.0, the payload's syntax (§3.2.1; clause number not "
                    + "checked): a status byte (bit 7 clear: UTF-8; bits 5…0: the language code's "
                    + "length), the language code, the text",
                Fixtures.text("Hello, world")
            ),
            (
                "NDEF-R-007", "a UTF-16 Text record",
                "NFC Forum Text RTD 1.0, the status byte (status bit 7 set: UTF-16) and the "
                    + "UTF-16 byte order (§3.2.1 and §3.4; clause numbers not checked): a "
                    + "byte-order mark is tolerated; without one the text is big-endian",
                Fixtures.text("Grüße", language: "de", encoding: .utf16BigEndianWithBOM)
            ),
            (
                "NDEF-R-008", "a Smart Poster",
                "NFC Forum Smart Poster RTD 1.0: a well-known \"Sp\" record whose payload is an "
                    + "NDEF message holding the URI record and its title (a Text record)",
                Fixtures.smartPoster("https://example.com/menu")
            ),
            (
                "NDEF-R-009", "a JSON media record",
                "NFC Forum NDEF 1.0 §3.2.6 (TNF): TNF 0x02, a media type (RFC 2046) in TYPE, "
                    + "here application/json",
                Fixtures.json(Fixtures.favoriteJSON)
            ),
            (
                "NDEF-R-010", "an absolute-URI record",
                "NFC Forum NDEF 1.0 §3.2.6 (TNF): TNF 0x03, an absolute URI (RFC 3986) in TYPE",
                AbsoluteURIRecord(uri: "https://example.com/type").record
            ),
            (
                "NDEF-R-011", "an external-type record",
                "NFC Forum NDEF 1.0 §3.2.6 (TNF: 0x04) and NFC Forum RTD 1.0, external type "
                    + "names (§2.2; clause number not checked): an external type is a domain name, "
                    + "a colon and a type name",
                NDEFRecord(
                    typeNameFormat: .external, typeName: "example.com:badge", payload: [1, 2, 3])
            ),
            (
                "NDEF-R-012", "an Android Application Record",
                "Android's Application Record, a platform convention, not an NFC Forum rule "
                    + "(developer.android.com/reference/android/nfc/NdefRecord, "
                    + "createApplicationRecord): an external type \"android.com:pkg\" (NFC Forum "
                    + "RTD 1.0 external type names; clause number not checked) whose payload is "
                    + "the package name",
                AndroidApplicationRecord(packageName: "com.example.app").record
            ),
        ]
        for (id, what, rule, record) in rtds {
            let content = Fixtures.encode([record])
            cases.append(
                readCase(
                    id, "reads \(what) from a Type 4 tag", Fixtures.type4(content), rule: rule,
                    check: .records))
        }
        let full4 = Fixtures.message(ofLength: 0x0800 - 2)
        let full2 = Fixtures.message(
            ofLength: Fixtures.type2Capacity(dataAreaSize: 144))
        let capacity =
            "Apple's CoreNFC documentation, NFCNDEFTag.queryNDEFStatus(completionHandler:) "
            + "(developer.apple.com/documentation/corenfc/nfcndeftag): the status "
            + "(notSupported, readWrite, readOnly) and the capacity, \"the maximum NDEF message "
            + "size, in bytes, that you can store on the tag\""
        cases += [
            readCase(
                "NDEF-R-013", "reads a message filling a Type 4 tag", Fixtures.type4(full4),
                rule: "NFC Forum T4T 2.0 §5.4.6 (NDEF Read Procedure): a message as long as "
                    + "the NDEF file's maximum size less NLEN's 2 bytes is read whole"),
            readCase(
                "NDEF-R-014", "reads a message filling a Type 2 tag", Fixtures.type2(full2),
                rule: "NFC Forum T2T 1.1 §6.4.2 (NDEF Read Procedure): a message filling the "
                    + "data area after its TLV header is read whole"),
            mleCase(),
            statusCase(
                "NDEF-R-016", "reports a read-only Type 4 tag as readOnly with its capacity",
                Fixtures.type4(uri, readOnly: true),
                rule: "NFC Forum T4T 2.0 §5.3.3 (READ-ONLY State): the CC grants reading and "
                    + "denies writing (write access FF); " + capacity,
                status: .readOnly, capacity: 0x0800 - 2),
            statusCase(
                "NDEF-R-017", "reports a read-only Type 2 tag as readOnly",
                Fixtures.type2(uri, readOnly: true),
                rule: "NFC Forum T2T 1.1 §6.3.3 (READ-ONLY State): the CC's access byte 0F "
                    + "denies writing; " + capacity,
                status: .readOnly, capacity: nil),
            statusCase(
                "NDEF-R-018", "reports a Type 4 tag without the NDEF application as notSupported",
                Fixtures.type4([], formatted: false),
                rule: "NFC Forum T4T 2.0 §5.4.1 (NDEF Detection Procedure): a tag whose NDEF "
                    + "Tag Application SELECT fails holds no NDEF; " + capacity,
                status: .notSupported, capacity: nil),
            statusCase(
                "NDEF-R-019", "reports a writable Type 4 tag's capacity (file size − NLEN)",
                Fixtures.type4(uri, size: 0x0400),
                rule: capacity + "; NFC Forum T4T 2.0 §5.2 (NDEF Storage): the NDEF file "
                    + "holds its maximum size less NLEN's 2 bytes of message",
                status: .readWrite, capacity: 0x0400 - 2),
            emptyCase(
                "NDEF-R-020", "reads an empty Type 4 tag as holding no message", Fixtures.type4([]),
                rule: "NFC Forum T4T 2.0 §5.3.1 (INITIALIZED State): NLEN 0000, no NDEF "
                    + "message; Apple's CoreNFC documentation gives ndefReaderSessionErrorZero"
                    + "LengthMessage as \"the NDEF tag doesn't contain an NDEF message\", so "
                    + "NFCNDEFTag.readNDEF reports it so (nfcrig's reading)"),
            emptyCase(
                "NDEF-R-021", "reads an empty Type 2 tag as holding no message", Fixtures.type2([]),
                rule: "NFC Forum T2T 1.1 §6.3.1 (INITIALIZED State): an NDEF Message TLV of "
                    + "length 0, no NDEF message; Apple's CoreNFC documentation gives "
                    + "ndefReaderSessionErrorZeroLengthMessage as \"the NDEF tag doesn't contain "
                    + "an NDEF message\", so NFCNDEFTag.readNDEF reports it so (nfcrig's "
                    + "reading)"),
        ]
        return cases
    }

    /// Reads the tag `setup` presents; `check` says what the read must show of its message
    /// (`ReadJudgement`: its bytes, or the records the DUT's application decoded).
    static func readCase(
        _ id: String, _ title: String, _ setup: TagSetup, rule: String,
        check: ReadJudgement.Check = .message, suite: String = name
    ) -> ConformanceCase {
        ConformanceCase(
            id: id, suite: suite, title: title, rule: rule, setup: "\(setup)",
            expectation: check.expectation(storedBytes: setup.content.count)
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [setup])
                try await CaseSteps.readAlone(context, stored: setup.content, check: check)
                return .pass
            }
        }
    }

    /// A 1 KiB message through MLe 59: every READ BINARY on the RF side asks for ≤ MLe bytes.
    static func mleCase() -> ConformanceCase {
        let content = Fixtures.message(ofLength: 1024)
        let setup = Fixtures.type4(content, mle: 0x3B)
        return ConformanceCase(
            id: "NDEF-R-015", suite: name,
            title: "reads a message longer than MLe in pieces of at most MLe",
            rule: "NFC Forum T4T 2.0 §5.4.6 (NDEF Read Procedure): each READ BINARY asks for at "
                + "most MLe bytes, the CC's maximum R-APDU data size; a longer message is read "
                + "in pieces",
            setup: "\(setup)",
            expectation: ReadJudgement.Check.message.expectation(storedBytes: content.count)
                + "; no READ BINARY on the air asks for more than MLe (59) bytes"
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [setup])
                try await CaseSteps.readAlone(context, stored: content)
                return await RFObservations.readsWithinMLe(context, mle: 0x3B)
            }
        }
    }

    /// The tag `setup` presents must be reported with `status` (and `capacity`, when given);
    /// `observe` then judges the tag's side: by default, that the DUT read what the status
    /// rests on (`statusEvidence`).
    static func statusCase(
        _ id: String, _ title: String, _ setup: TagSetup, rule: String, status: DUTRead.Status,
        capacity: Int?, suite: String = name,
        observe: (@Sendable (CaseContext) async -> RepetitionOutcome)? = nil
    ) -> ConformanceCase {
        let observe = observe ?? { context in await statusEvidence(context, status) }
        let reported =
            "reports status \(status.rawValue)"
            + (capacity.map { " with capacity \($0) bytes" } ?? "")
        let evidence =
            status == .notSupported
            ? "after trying the tag's NDEF on the air (a SELECT of the NDEF Tag Application, "
                + "or a READ of a Type 2 tag)"
            : "after reading, on the air, the CC that says so"
        return ConformanceCase(
            id: id, suite: suite, title: title, rule: rule, setup: "\(setup)",
            expectation: reported + ", " + evidence
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [setup])
                _ = try await CaseSteps.scan(context, expecting: 1)
                let read = try await CaseSteps.read(context)
                guard read.status == status else {
                    return .fail("status \(read.status.rawValue), expected \(status.rawValue)")
                }
                if let capacity, read.capacity != capacity {
                    return .fail("capacity \(read.capacity), expected \(capacity)")
                }
                return await observe(context)
            }
        }
    }

    /// What a status must rest on: `notSupported`, also what a DUT says that never looked,
    /// a try of the NDEF application (Type 4) or a READ (Type 2); `readOnly` and
    /// `readWrite` with a capacity, a read of the CC that says so.
    static func statusEvidence(_ context: CaseContext, _ status: DUTRead.Status) async
        -> RepetitionOutcome
    {
        guard status != .notSupported else {
            return await RFObservations.ndefDetectionSeen(context)
        }
        return await RFObservations.capabilityContainerReadOnAir(
            context, backing: "the DUT reported the tag \(status.rawValue) with its capacity")
    }

    static func emptyCase(
        _ id: String, _ title: String, _ setup: TagSetup, rule: String, suite: String = name
    ) -> ConformanceCase {
        ConformanceCase(
            id: id, suite: suite, title: title, rule: rule, setup: "\(setup)",
            expectation: "reports no message (an empty read, or zeroLengthMessage), after "
                + "reading the zero length (NLEN, ENLEN or the NDEF TLV's length) off the tag "
                + "on the air"
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [setup])
                _ = try await CaseSteps.scan(context, expecting: 1)
                return await readsNoMessage(context, since: .zero)
            }
        }
    }

    /// The DUT reads the tag in the field as holding no message (an empty read, or CoreNFC's
    /// `zeroLengthMessage`), and read the zero length off the tag from `since` on to say so.
    static func readsNoMessage(_ context: CaseContext, since: Duration) async
        -> RepetitionOutcome
    {
        do throws(DUTError) {
            let read = try await context.dut.read()
            guard read.ndef?.isEmpty ?? true else {
                return .fail("the DUT read \(read.ndef?.count ?? 0) bytes from an empty tag")
            }
            if let records = read.records, !records.isEmpty {
                return .fail(
                    "the DUT's application got \(ReadJudgement.describe(records)) from an empty "
                        + "tag")
            }
        } catch .reader(let name, _) where name == "zeroLengthMessage" {
            // CoreNFC's readNDEF reports an empty tag this way (code 403).
        } catch {
            return CaseSteps.outcome(of: error, in: "read")
        }
        // "No message" is also what a DUT says that never looked: it must have read the zero
        // length (NLEN or ENLEN, the NDEF TLV's length byte) off the tag.
        return await RFObservations.messageReadOnAir(
            context, since: since, backing: "the DUT reported no message")
    }
}
