import Foundation
import HexText
import NDEF
import Testing

/// Cross-checks `NDEFDecoder` against ndeflib 0.3.3 (nfcpy's NDEF library, written against
/// real tags) on a seeded corpus of valid and mutated messages.
///
/// Both must accept and reject the same messages, except where nfcrig rejects for a rule
/// ndeflib does not check (chunk rules, trailing bytes after ME, control characters in a
/// type); those are counted per rule, and each must be reached or the test proves nothing
/// about it. Where both accept, every wire record must match: ndeflib does not reassemble
/// chunks, so the comparison is at the wire level.
@Suite struct NDEFLibOracleTests {
    /// The python that has ndeflib. `make test` sets NFCRIG_NDEFLIB_PYTHON to the venv's
    /// (`.build-venv/bin/python`, made by `make deps`); a plain `swift test` leaves it unset
    /// and the oracle test is disabled.
    static let python = ProcessInfo.processInfo.environment["NFCRIG_NDEFLIB_PYTHON"]
    /// Fixed so that runs are repeatable; NFCRIG_ORACLE_SEED (hex) picks another corpus when
    /// hunting for disagreements.
    static let seed: UInt64 =
        ProcessInfo.processInfo.environment["NFCRIG_ORACLE_SEED"].flatMap { UInt64($0, radix: 16) }
        ?? 0x6E66_6372_6967_0004
    /// Valid messages generated; each is followed by one mutation of it.
    static let validCount = 1_200
    static let minimumCompared = 1_500
    /// The rules ndeflib leaves unchecked that the corpus must reach. (`unterminatedChunk`
    /// is never the only fault: input ending without ME is one ndeflib rejects too.)
    static let uncheckedRulesThatMustBeHit: Set<String> = [
        "chunkNotUnchanged", "chunkHasType", "chunkHasIdentifier", "unchangedOutsideChunk",
        "trailingBytes", "typeNotASCII", "emptyInput",
    ]

    @Test(.enabled(if: python != nil, "NFCRIG_NDEFLIB_PYTHON is unset; `make test` sets it"))
    func theDecoderAgreesWithNdeflibOnASeededCorpusOfValidAndMutatedMessages() throws {
        var source = RandomMessages(seed: Self.seed)
        // ndeflib reads no record from no input and raises nothing.
        var corpus = [CorpusEntry(bytes: [], origin: "empty input", isValid: false)]
        for _ in 0..<Self.validCount {
            let valid = source.encodedMessage()
            corpus.append(
                CorpusEntry(
                    bytes: valid.bytes, origin: valid.chunkSize > 0 ? "valid, chunked" : "valid",
                    isValid: true))
            let (bytes, mutation) = source.mutate(valid.bytes)
            corpus.append(CorpusEntry(bytes: bytes, origin: mutation.rawValue, isValid: false))
        }

        let verdicts = try NDEFLibOracle(python: Self.python!).decode(corpus.map(\.bytes))
        try #require(verdicts.count == corpus.count, "the oracle answered every message")

        var tally = OracleTally()
        for (index, (entry, verdict)) in zip(corpus, verdicts).enumerated() {
            tally.add(Self.compare(entry, verdict), index: index, entry: entry)
        }
        print(tally.summary(seed: Self.seed, messages: corpus.count))

        for disagreement in tally.disagreements.prefix(20) {
            Issue.record("\(disagreement)")
        }
        #expect(tally.disagreements.isEmpty, "\(tally.disagreements.count) disagreements")
        #expect(
            tally.compared >= Self.minimumCompared,
            "only \(tally.compared) messages compared, want at least \(Self.minimumCompared)")
        let missing = Self.uncheckedRulesThatMustBeHit.subtracting(tally.excused.keys)
        #expect(missing.isEmpty, "no corpus message reached \(missing.sorted())")
    }

    // MARK: - Comparison

    static func compare(_ entry: CorpusEntry, _ oracle: OracleVerdict) -> Outcome {
        let bytes = entry.bytes
        let decoder = NDEFDecoder()
        var rejection: NDEFError?
        do { _ = try decoder.decode(bytes) } catch { rejection = error }

        if entry.isValid && (rejection != nil || !oracle.ok) {
            return .disagreement(
                "a message NDEFEncoder produced is rejected: nfcrig "
                    + (rejection.map { "\($0)" } ?? "accepts") + ", ndeflib "
                    + (oracle.ok ? "accepts" : "rejects (\(oracle.error ?? "?"))"))
        }
        switch (rejection, oracle.ok) {
        case (nil, true):
            let ours: [OracleRecord]
            do {
                ours = try decoder.wireRecords(in: bytes).map { ndeflibView(of: $0, in: bytes) }
            } catch {
                return .disagreement("decode accepts but wireRecords throws \(error)")
            }
            let theirs = oracle.records ?? []
            guard ours == theirs else {
                return .disagreement("records differ: nfcrig \(ours), ndeflib \(theirs)")
            }
            return .bothAccept
        case (.some, false):
            return .bothReject
        case (.some, true):
            let violations = decoder.decodeLeniently(bytes).violations
            guard violations.allSatisfy(isUncheckedByNdeflib) else {
                return .disagreement(
                    "nfcrig rejects (\(violations.map(\.description).joined(separator: "; "))), "
                        + "ndeflib accepts")
            }
            return .nfcrigOnlyRejects(Set(violations.map(\.rule)))
        case (nil, false):
            let reason = oracle.error ?? "?"
            // ndeflib maps TNF 2/3 types back from strings and refuses ones that do not look
            // like `type/subtype` or `scheme://host/path`; nfcrig checks only that types are
            // printable US-ASCII. Valid corpus messages keep to that grammar.
            if reason.contains("can not convert the record type string") {
                return .ndeflibOnlyRejects("typeGrammar")
            }
            return .disagreement("nfcrig accepts, ndeflib rejects (\(reason))")
        }
    }

    /// A rule nfcrig enforces that ndeflib 0.3.3 does not: chunk structure, bytes after the
    /// record with ME (ndeflib stops reading there), control characters in a type (ndeflib
    /// only refuses octets above 0x7F, by failing to decode them as ASCII), and empty input
    /// (ndeflib yields no record and no error).
    static func isUncheckedByNdeflib(_ violation: NDEFError) -> Bool {
        switch violation {
        case .emptyInput, .chunkNotUnchanged, .chunkHasType, .chunkHasIdentifier,
            .unchangedOutsideChunk, .unterminatedChunk, .trailingBytes:
            true
        case .typeNotASCII(_, _, let byte): byte < 0x80
        default: false
        }
    }

    /// A wire record as ndeflib reports it with `known_types={}`.
    static func ndeflibView(of wire: NDEFWireRecord, in bytes: [UInt8]) -> OracleRecord {
        let type = String(decoding: bytes[wire.typeRange], as: UTF8.self)
        let typeString =
            switch wire.header.typeNameFormat {
            case .empty: ""
            case .wellKnown: "urn:nfc:wkt:" + type
            case .media, .absoluteURI: type
            case .external: "urn:nfc:ext:" + type
            case .unknown: "unknown"
            case .unchanged: "unchanged"
            case .reserved: "reserved"
            }
        return OracleRecord(
            type: typeString, id: Hex.encode(bytes[wire.identifierRange]),
            data: Hex.encode(bytes[wire.payloadRange]))
    }
}

// MARK: - The oracle process

struct CorpusEntry {
    var bytes: [UInt8]
    /// "valid", "valid, chunked" or the mutation's name.
    var origin: String
    var isValid: Bool
}

/// One record as `Scripts/ndeflib_oracle.py` writes it.
struct OracleRecord: Decodable, Equatable, CustomStringConvertible {
    var type: String
    var id: String
    var data: String

    var description: String { "(\(type.debugDescription) id=\(id) data=\(data))" }
}

/// One line of the oracle's output.
struct OracleVerdict: Decodable {
    var ok: Bool
    var records: [OracleRecord]?
    var error: String?
}

/// Runs `Scripts/ndeflib_oracle.py` over a corpus file with the given python.
struct NDEFLibOracle {
    var python: String

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Decodes every message with ndeflib.
    /// - Throws: `Failure` with the python's standard error when it does not exit 0.
    func decode(_ messages: [[UInt8]]) throws -> [OracleVerdict] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("nfcrig-ndeflib-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let corpusURL = directory.appendingPathComponent("corpus.bin")
        let outputURL = directory.appendingPathComponent("verdicts.jsonl")
        let errorURL = directory.appendingPathComponent("stderr.txt")

        var corpus = Data()
        for message in messages {
            let length = UInt32(message.count)
            corpus.append(
                contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) })
            corpus.append(contentsOf: message)
        }
        try corpus.write(to: corpusURL)
        try Data().write(to: errorURL)
        let errorHandle = try FileHandle(forWritingTo: errorURL)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [RepositoryPaths.ndeflibOracle.path, corpusURL.path, outputURL.path]
        process.standardOutput = errorHandle
        process.standardError = errorHandle
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start \(python): \(error)")
        }
        process.waitUntilExit()
        try errorHandle.close()
        guard process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
            throw Failure(
                description: "\(python) \(RepositoryPaths.ndeflibOracle.path) exited with "
                    + "\(process.terminationStatus):\n\(stderr)")
        }
        let output = try Data(contentsOf: outputURL)
        let decoder = JSONDecoder()
        return try output.split(separator: UInt8(ascii: "\n")).map {
            try decoder.decode(OracleVerdict.self, from: Data($0))
        }
    }
}

// MARK: - Tallying

enum Outcome {
    case bothAccept
    case bothReject
    /// nfcrig rejects for rules ndeflib does not check (every violation is one of them).
    case nfcrigOnlyRejects(Set<String>)
    /// ndeflib rejects for a rule nfcrig does not have.
    case ndeflibOnlyRejects(String)
    case disagreement(String)
}

struct OracleTally {
    var bothAccept = 0
    var bothReject = 0
    /// nfcrig-only rejects per rule; a message breaking two such rules counts under both.
    var excused: [String: Int] = [:]
    var excusedMessages = 0
    var ndeflibOnly: [String: Int] = [:]
    var disagreements: [String] = []

    var compared: Int { bothAccept + bothReject }

    mutating func add(_ outcome: Outcome, index: Int, entry: CorpusEntry) {
        switch outcome {
        case .bothAccept: bothAccept += 1
        case .bothReject: bothReject += 1
        case .nfcrigOnlyRejects(let rules):
            excusedMessages += 1
            for rule in rules { excused[rule, default: 0] += 1 }
        case .ndeflibOnlyRejects(let rule): ndeflibOnly[rule, default: 0] += 1
        case .disagreement(let what):
            disagreements.append(
                "message \(index) (\(entry.origin)): \(what); bytes \(Hex.encode(entry.bytes))")
        }
    }

    func summary(seed: UInt64, messages: Int) -> String {
        func list(_ counts: [String: Int]) -> String {
            counts.isEmpty
                ? "none"
                : counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                    .joined(separator: ", ")
        }
        return """
            ndeflib oracle, seed 0x\(String(seed, radix: 16)), \(messages) messages: \
            \(compared) compared (\(bothAccept) both accept, \(bothReject) both reject); \
            \(excusedMessages) rejected only by nfcrig for rules ndeflib does not check \
            (\(list(excused))); ndeflib-only rejects: \(list(ndeflibOnly)); \
            disagreements: \(disagreements.count)
            """
    }
}
