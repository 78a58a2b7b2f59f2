import Conformance
import Foundation
import NFCRigTestSupport
import Testing

@testable import Rig

/// A process DUT's stderr is kept whole: every line stamped with the rig's time and the case
/// it came in, in the run's folder, and the excerpt a failure quotes keeps whole lines on one
/// line.
@Suite struct DUTStderrLogTests {
    @Test func linesAreWrittenWholeWithTheTimeAndTheCase() throws {
        let path = NSTemporaryDirectory() + "dut-stderr-\(UUID().uuidString).log"
        let echoed = Locked<[String]>([])
        let log = try DUTStderrLog(
            path: path, now: { .milliseconds(1500) },
            echo: { line in echoed.withLock { $0.append(line) } })
        log.begin(case: "NDEF-R-001")
        log.append("Traceback (most recent")
        log.append(" call last):\n  File \"x.py\"")
        log.begin(case: "NDEF-R-002")
        log.append(", line 3\nValueError: bad")
        log.finish()
        log.close()
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            written == """
                     1.500 s  [NDEF-R-001]  Traceback (most recent call last):
                     1.500 s  [NDEF-R-002]    File "x.py", line 3
                     1.500 s  [NDEF-R-002]  ValueError: bad

                """)
        #expect(echoed.withLock { $0.count } == 3)
        #expect(log.lineCount == 3)
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test func theQuotedEndOfStderrKeepsWholeLinesOnOneLine() {
        let text =
            "first line that will not fit\n" + "Traceback\n  File \"a.py\", line 1\nOSError: gone\n"
        #expect(
            TextTail.lastLines(of: text, within: 40)
                == "File \"a.py\", line 1 ⏎ OSError: gone")
        #expect(
            TextTail.lastLines(of: String(repeating: "x", count: 50), within: 10) == "…xxxxxxxxxx")
        #expect(TextTail.lastLines(of: "", within: 10) == "")
    }

    /// fake_dut.py dies on its first read with "boom: reader unplugged" on stderr: the run's
    /// log holds that line under the case, and the report's notes name the log.
    @Test func aRunKeepsTheDUTsStderrInItsFolderAndSaysSo() async throws {
        let path = NSTemporaryDirectory() + "dut-stderr-run-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try await ConformanceRun.run(
            ProcessDUTRunTests.rig(mode: "exit-early"), fileName: "process-dut.yaml",
            directory: ProcessDUTRunTests.examples,
            options: ConformanceRun.Options(caseIDs: ["NDEF-R-001"], dutStderrPath: path),
            runID: "stderr", nfcrigVersion: "test", commit: nil, progress: { _ in })
        let log = try String(contentsOfFile: path, encoding: .utf8)
        #expect(log.contains("[NDEF-R-001]  boom: reader unplugged"), "\(log)")
        #expect(
            run.notes.contains { $0.hasPrefix("The DUT wrote 1 line(s) on stderr") },
            "\(run.notes)")
    }
}
