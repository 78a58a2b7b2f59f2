import Conformance
import Foundation
import Rig
import Testing

/// `nfcrig dut check` drives a process DUT step by step and says, for each wrong answer, what
/// was wrong and where the docs say how it should be.
@Suite struct DUTCheckTests {
    static func steps(mode: String) async throws -> [DUTCheck.Step] {
        try await DUTCheck.run(
            ProcessDUTRunTests.rig(mode: mode), fileName: "process-dut.yaml",
            directory: ProcessDUTRunTests.examples)
    }

    /// fake_dut.py's bad-json mode says hello and scans, then answers a read with a line
    /// that is not JSON: the read steps are wrong, quoting the line, with the fix's section.
    @Test func aReadAnsweredWithALineThatIsNotJSONIsWrongAndQuoted() async throws {
        let steps = try await Self.steps(mode: "bad-json")
        #expect(steps.first?.name == "hello")
        #expect(steps.first?.verdict == .pass)
        let read = try #require(steps.first { $0.name.hasSuffix("(NDEF-R-001)") })
        #expect([.fail, .error].contains(read.verdict), "\(read)")
        #expect(read.detail.contains("this is not json"), "\(read.detail)")
        #expect(read.fix?.contains("the `scan` and `read` sections") == true)
    }

    /// fake_dut.py answers an op it was not written for unsupported, as the protocol asks; a
    /// scan with nothing in the field must list no tag, and its good mode lists one whatever
    /// the field holds.
    @Test func theProtocolsOwnProbesJudgeWhatTheDUTAnswers() async throws {
        let steps = try await Self.steps(mode: "good")
        let empty = try #require(steps.first { $0.name == "scan with no tag in the field" })
        #expect(empty.verdict == .fail)
        #expect(empty.detail.contains("with no tag in the field"), "\(empty.detail)")
        let unknown = try #require(steps.first { $0.name.hasPrefix("an operation the protocol") })
        #expect(unknown.verdict == .pass, "\(unknown)")
        #expect(unknown.detail == "answered unsupported")
        // Its answer to the scan sent while the last still ran names a tag the field lacks.
        let busy = try #require(steps.first { $0.name.hasPrefix("a scan sent while") })
        #expect(busy.verdict == .fail)
        #expect(busy.fix?.contains("its own `id`") == true)
    }

    @Test func aRigWhoseDUTIsTheReferenceReaderIsRefused() async {
        await #expect {
            _ = try await DUTCheck.run(
                CatalogRuns.rig, fileName: "conformance-tests.yaml",
                directory: URL(fileURLWithPath: NSTemporaryDirectory()))
        } throws: { error in
            "\(error)".contains("dut check checks a process DUT")
        }
    }
}
