import Foundation
import Rig

/// `nfcrig dut check`: a process DUT driven through a short, fixed sequence on the rig's
/// simulated field, each answer checked against the DUT protocol and each claim against what
/// the tags saw on the air, so that an adapter's author learns what is wrong, on which line,
/// and where the docs say how it should be, before a whole run.
///
/// The protocol's own probes come first (hello, a scan with no tag in the field, an
/// operation the protocol does not have, a request sent while the last still runs); then a few cases of the catalogue, run as
/// `nfcrig run` runs them, stand for each operation: their verdicts rest on the air.
public enum DUTCheck {
    /// One step of the check and how it went.
    public struct Step: Sendable, Hashable {
        /// What was asked of the DUT.
        public var name: String
        /// `pass`, `fail` (the DUT is wrong), `skip` (it answered `unsupported`, which is
        /// allowed) or `error` (the harness could not check).
        public var verdict: Verdict
        /// What happened, quoting the DUT where it was wrong.
        public var detail: String
        /// Where the docs say how the answer should be, for a step that failed.
        public var fix: String?
    }

    /// The catalogue's cases the check runs, each standing for an operation.
    static let cases: [(id: String, name: String, fix: String)] = [
        ("NDEF-R-001", "scan and read a Type 4 tag", "the `scan` and `read` sections"),
        ("NDEF-R-003", "scan and read a Type 2 tag", "the `read` section"),
        ("NDEF-R-018", "read a tag without NDEF", "the `read` section (`status`)"),
        ("MULTI-001", "scan two tags", "the `scan` section: every tag the DUT found"),
        ("NDEF-W-001", "write a Type 4 tag and read it back", "the `write` section"),
        ("NDEF-W-009", "refuse a write to a read-only tag", "the Errors section (names)"),
        ("ISO7816-001", "select an ISO 7816 application", "the `select` and `apdu` sections"),
        // The longest short APDU: the protocol's `apdu`, not a stack's extended-length limit.
        ("ISO7816-005", "send an APDU", "the `select` and `apdu` sections"),
    ]

    /// Where the protocol is described.
    static let docs = "docs/testing-your-reader.md, \"The process DUT protocol\""

    /// Runs the check on `file`'s rig, whose DUT must be a process; `progress` sees each step
    /// as it ends.
    public static func run(
        _ file: RigFile, fileName: String, directory: URL,
        progress: @Sendable (Step) -> Void = { _ in }
    ) async throws(ConformanceRun.Failure) -> [Step] {
        guard case .process(let spec) = file.dut else {
            throw .rig(
                "\(fileName): dut check checks a process DUT (adapter: process); this rig's DUT is "
                    + "nfcrig's reference reader")
        }
        // The catalogue is built once; each chosen case is judged under a profile that
        // judges it, whatever the rig pairs.
        let catalogue = ConformanceCatalog.allCases
        let chosen = cases.compactMap { item in
            catalogue.first { $0.id == item.id }.map { (step: item, conformanceCase: $0) }
        }
        var checked = file
        for (_, found) in chosen {
            guard
                !found.profiles.contains(
                    ConformanceRun.judgingProfile(suite: found.suite, in: file)),
                let profile = ReaderProfile.allCases.first(where: found.profiles.contains)
            else { continue }
            checked.suiteProfiles[found.suite] = profile
        }
        let rig: AssembledRig
        do {
            rig = try await AssembledRig.assemble(checked, directory: directory)
        } catch {
            throw .rig("\(error)")
        }
        let dut = ProcessDUT(
            spec: spec, directory: directory, environment: rig.dutEnvironment, now: { rig.now })
        var steps: [Step] = []
        func record(_ step: Step) {
            steps.append(step)
            progress(step)
        }
        let identity: DUTIdentity
        do {
            identity = try await rig.run { () async throws(DUTError) -> DUTIdentity in
                try await dut.hello()
            }
            record(
                Step(
                    name: "hello", verdict: .pass,
                    detail: "\(identity.name), firmware \(identity.firmware)"
                        + (identity.isoDEP.map { ", ISO-DEP by the \($0.rawValue)" } ?? "")))
        } catch {
            record(Step(name: "hello", verdict: .fail, detail: "\(error)", fix: docs + ", `hello`"))
            await rig.run { await dut.close() }
            await rig.close()
            return steps
        }
        record(await emptyScan(dut, rig))
        record(await unknownOperation(dut, rig))
        record(await requestWhileBusy(dut, rig))
        let runner = ConformanceRunner(
            rig: rig, dut: dut, repeatCount: 1, traceMode: .none, identity: identity)
        for (item, conformanceCase) in chosen {
            let result = await runner.run(conformanceCase)
            record(
                Step(
                    name: "\(item.name) (\(item.id))", verdict: result.verdict,
                    detail: result.verdict == .pass ? "as the case expects" : result.message,
                    fix: [.fail, .error].contains(result.verdict)
                        ? "\(docs), \(item.fix); the case: nfcrig suites | grep \(item.id)" : nil))
        }
        await rig.run { await dut.close() }
        await rig.close()
        return steps
    }

    /// A scan with nothing in the field must find nothing.
    private static func emptyScan(_ dut: ProcessDUT, _ rig: AssembledRig) async -> Step {
        let name = "scan with no tag in the field"
        do {
            let scan = try await rig.run { () async throws(DUTError) -> DUTScan in
                try await dut.scan(timeout: .milliseconds(500))
            }
            guard scan.tags.isEmpty else {
                return Step(
                    name: name, verdict: .fail,
                    detail: "the DUT reported \(scan.tags) with no tag in the field",
                    fix: docs + ", `scan`: `\"tags\": []` when it finds none")
            }
            return Step(name: name, verdict: .pass, detail: "no tag reported")
        } catch {
            return Step(
                name: name, verdict: .fail, detail: "\(error)",
                fix: docs + ", `scan`: a scan that finds nothing answers `\"tags\": []`")
        }
    }

    /// A request sent while the DUT is still busy with the last one (nfcrig stopped waiting
    /// for it, as after a timeout in a run) must be answered with its own id once the DUT
    /// is free; the late answer to the first is dropped by its id.
    private static func requestWhileBusy(_ dut: ProcessDUT, _ rig: AssembledRig) async -> Step {
        let name = "a scan sent while the last one (1 s) still runs"
        let fix =
            docs + ": answer every request with its own `id`, in order; nfcrig drops a late "
            + "answer by its id (\"Timeouts\")"
        do {
            let scan = try await rig.run { () async throws(DUTError) -> DUTScan in
                try await dut.probeRequestWhileBusy(
                    busy: .seconds(1), patience: .milliseconds(200), next: .milliseconds(500))
            }
            guard scan.tags.isEmpty else {
                return Step(
                    name: name, verdict: .fail,
                    detail: "the DUT reported \(scan.tags) with no tag in the field", fix: fix)
            }
            return Step(name: name, verdict: .pass, detail: "answered with its own id")
        } catch {
            return Step(name: name, verdict: .fail, detail: "\(error)", fix: fix)
        }
    }

    /// An operation the protocol does not have must be answered `unsupported`.
    private static func unknownOperation(_ dut: ProcessDUT, _ rig: AssembledRig) async -> Step {
        let name = "an operation the protocol does not have (nfcrig-check-unknown)"
        let fix = docs + ", Errors: answer `\"ok\": false, \"error\": \"unsupported\"`"
        do {
            let unsupported = try await rig.run { () async throws(DUTError) -> Bool in
                try await dut.probeUnknownOperation("nfcrig-check-unknown")
            }
            guard unsupported else {
                return Step(
                    name: name, verdict: .fail, detail: "the DUT answered \"ok\": true", fix: fix)
            }
            return Step(name: name, verdict: .pass, detail: "answered unsupported")
        } catch {
            return Step(name: name, verdict: .fail, detail: "\(error)", fix: fix)
        }
    }
}
