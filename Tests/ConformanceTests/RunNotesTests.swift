import Foundation
import Rig
import TagReader
import Testing

@testable import Conformance

/// The report says whose behaviour the `isodep-errors` verdicts judge: the chip's where
/// the chip runs ISO-DEP, and says nothing where the suite judged nothing.
@Suite struct RunNotesTests {
    static func result(_ suite: String, _ verdict: Verdict) -> CaseResult {
        CaseResult(id: "X-001", suite: suite, title: "x", verdict: verdict)
    }

    @Test(arguments: [ISODEPHandling.chip, .host, nil])
    func anISODEPRunSaysWhoseErrorHandlingItJudged(_ handling: ISODEPHandling?) {
        let notes = RunNotes.notes(
            dut: DUTIdentity(name: "r", firmware: "1", isoDEP: handling),
            cases: [Self.result("isodep-errors", .fail)])
        #expect(notes.count == 1)
        let note = notes.first ?? ""
        #expect(note.hasPrefix("isodep-errors: "))
        switch handling {
        case .chip: #expect(note.contains("judge the chip and the host's settings"))
        case .host: #expect(note.contains("these verdicts are its own"))
        case nil: #expect(note.contains("may be its chip's"))
        }
    }

    @Test func aRunWithoutJudgedISODEPCasesHasNoNote() {
        let dut = DUTIdentity(name: "r", firmware: "1", isoDEP: .chip)
        #expect(RunNotes.notes(dut: dut, cases: [Self.result("ndef-read", .pass)]).isEmpty)
        #expect(RunNotes.notes(dut: dut, cases: [Self.result("isodep-errors", .skip)]).isEmpty)
    }

    @Test func theReferenceReaderSaysItsChipRunsISODEPUnlessAFaultNeedsTheHost() async throws {
        let chip = try await ConformanceRun.run(
            CatalogRuns.rig, fileName: "notes.yaml", directory: .temporaryDirectory,
            options: .init(caseIDs: ["ISODEP-E-001"]), runID: "notes", nfcrigVersion: "test",
            commit: nil, progress: { _ in })
        #expect(chip.dut.isoDEP == .chip)
        #expect(chip.notes.first?.contains("judge the chip and the host") == true, "\(chip.notes)")
        let host = try await ConformanceRun.run(
            CatalogRuns.rig, fileName: "notes.yaml", directory: .temporaryDirectory,
            options: .init(caseIDs: ["ISODEP-E-001"], dutFaults: .init(parsing: ["ignores-wtx"])),
            runID: "notes", nfcrigVersion: "test", commit: nil, progress: { _ in })
        #expect(host.dut.isoDEP == .host)
        #expect(host.notes.first?.contains("its own") == true, "\(host.notes)")
    }
}
