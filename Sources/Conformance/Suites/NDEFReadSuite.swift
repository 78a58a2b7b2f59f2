import NDEF
import Rig
import TagFormat

/// `ndef-read`: the DUT reads what the tag holds — every tag type and mapping, empty to
/// full, every RTD, reads longer than MLe — and reports status and capacity right.
enum NDEFReadSuite {
    static let name = "ndef-read"

    static var cases: [ConformanceCase] {
        let uri = Fixtures.encode([Fixtures.uri("https://example.com/products?id=42")])
        var cases = [
            readCase(
                "NDEF-R-001", "reads a URI record from a Type 4 tag (mapping 2.0)",
                Fixtures.type4(uri)),
            readCase(
                "NDEF-R-002", "reads a URI record from a Type 4 tag (mapping 3.0, ENLEN)",
                Fixtures.type4(uri, mapping: CapabilityContainer.version3)),
            readCase(
                "NDEF-R-003", "reads a URI record from a Type 2 tag", Fixtures.type2(uri)),
            readCase(
                "NDEF-R-004", "reads eight records from a Type 4 tag",
                Fixtures.type4(Fixtures.manyRecords(8)), check: .records),
            readCase(
                "NDEF-R-005", "reads eight records from a Type 2 tag",
                Fixtures.type2(Fixtures.manyRecords(8)), check: .records),
        ]
        let rtds: [(String, String, NDEFRecord)] = [
            ("NDEF-R-006", "a UTF-8 Text record", Fixtures.text("Hello, world")),
            (
                "NDEF-R-007", "a UTF-16 Text record",
                Fixtures.text("Grüße", language: "de", encoding: .utf16BigEndianWithBOM)
            ),
            (
                "NDEF-R-008", "a Smart Poster",
                Fixtures.smartPoster("https://example.com/menu")
            ),
            ("NDEF-R-009", "a JSON media record", Fixtures.json(Fixtures.favoriteJSON)),
            (
                "NDEF-R-010", "an absolute-URI record",
                AbsoluteURIRecord(uri: "https://example.com/type").record
            ),
            (
                "NDEF-R-011", "an external-type record",
                NDEFRecord(
                    typeNameFormat: .external, typeName: "example.com:badge", payload: [1, 2, 3])
            ),
            (
                "NDEF-R-012", "an Android Application Record",
                AndroidApplicationRecord(packageName: "com.example.app").record
            ),
        ]
        for (id, what, record) in rtds {
            let content = Fixtures.encode([record])
            cases.append(
                readCase(
                    id, "reads \(what) from a Type 4 tag", Fixtures.type4(content),
                    check: .records))
        }
        let full4 = Fixtures.message(ofLength: 0x0800 - 2)
        let full2 = Fixtures.message(
            ofLength: (try? Type2TagMemory.capacity(dataAreaSize: 144)) ?? 0)
        cases += [
            readCase(
                "NDEF-R-013", "reads a message filling a Type 4 tag", Fixtures.type4(full4)),
            readCase(
                "NDEF-R-014", "reads a message filling a Type 2 tag", Fixtures.type2(full2)),
            mleCase(),
            statusCase(
                "NDEF-R-016", "reports a read-only Type 4 tag as readOnly with its capacity",
                Fixtures.type4(uri, readOnly: true), status: .readOnly, capacity: 0x0800 - 2),
            statusCase(
                "NDEF-R-017", "reports a read-only Type 2 tag as readOnly",
                Fixtures.type2(uri, readOnly: true),
                status: .readOnly, capacity: nil),
            statusCase(
                "NDEF-R-018", "reports a Type 4 tag without the NDEF application as notSupported",
                Fixtures.type4([], formatted: false), status: .notSupported, capacity: nil),
            statusCase(
                "NDEF-R-019", "reports a writable Type 4 tag's capacity (file size − NLEN)",
                Fixtures.type4(uri, size: 0x0400), status: .readWrite, capacity: 0x0400 - 2),
            emptyCase(
                "NDEF-R-020", "reads an empty Type 4 tag as holding no message", Fixtures.type4([])),
            emptyCase(
                "NDEF-R-021", "reads an empty Type 2 tag as holding no message", Fixtures.type2([])),
        ]
        return cases
    }

    /// Reads the tag `setup` presents; `check` says what the read must show of its message
    /// (`ReadJudgement`: its bytes, or the records the DUT's application decoded).
    static func readCase(
        _ id: String, _ title: String, _ setup: TagSetup,
        check: ReadJudgement.Check = .message, suite: String = name
    ) -> ConformanceCase {
        ConformanceCase(id: id, suite: suite, title: title, setup: "\(setup)") { context in
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
            setup: "\(setup)"
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [setup])
                try await CaseSteps.readAlone(context, stored: content)
                return await RFObservations.readsWithinMLe(context, mle: 0x3B)
            }
        }
    }

    /// The tag `setup` presents must be reported with `status` (and `capacity`, when given);
    /// `observe` then judges the tag's side: by default, that the DUT looked at all.
    static func statusCase(
        _ id: String, _ title: String, _ setup: TagSetup, status: DUTRead.Status, capacity: Int?,
        suite: String = name,
        observe: @escaping @Sendable (CaseContext) async -> RepetitionOutcome = { context in
            await RFObservations.ndefDetectionSeen(context)
        }
    ) -> ConformanceCase {
        ConformanceCase(id: id, suite: suite, title: title, setup: "\(setup)") { context in
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
                // notSupported is also what a DUT says that never looked: it must have tried
                // the NDEF application.
                return await observe(context)
            }
        }
    }

    static func emptyCase(
        _ id: String, _ title: String, _ setup: TagSetup, suite: String = name
    ) -> ConformanceCase {
        ConformanceCase(id: id, suite: suite, title: title, setup: "\(setup)") { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [setup])
                _ = try await CaseSteps.scan(context, expecting: 1)
                do throws(DUTError) {
                    let read = try await context.dut.read()
                    guard read.ndef?.isEmpty ?? true else {
                        return .fail(
                            "the DUT read \(read.ndef?.count ?? 0) bytes from an empty tag")
                    }
                    if let records = read.records, !records.isEmpty {
                        return .fail(
                            "the DUT's application got \(ReadJudgement.describe(records)) from "
                                + "an empty tag")
                    }
                } catch .reader(let name, _) where name == "zeroLengthMessage" {
                    // CoreNFC's readNDEF reports an empty tag this way (code 403).
                } catch {
                    return CaseSteps.outcome(of: error, in: "read")
                }
                // "No message" is also what a DUT says that never looked.
                return await RFObservations.ndefDetectionSeen(context)
            }
        }
    }
}
