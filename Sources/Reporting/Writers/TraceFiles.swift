import Conformance
import Foundation
import PacketTrace

/// The trace files of a run's report folder: `traces/<CASE-ID>.pcapng` for each case that
/// kept a trace.
public enum TraceFiles {
    /// The folder, inside the run's folder.
    public static let folder = "traces"

    /// Where case `caseID`'s trace goes, relative to the run's folder. Case IDs are letters,
    /// digits and dashes; anything else is replaced, so an ID never leaves the folder.
    public static func path(for caseID: String) -> String {
        "\(folder)/\(safeName(caseID)).pcapng"
    }

    /// `caseID` with anything but letters, digits and dashes replaced: a file name and an
    /// HTML anchor alike.
    static func safeName(_ caseID: String) -> String {
        String(caseID.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
    }

    /// Each kept trace as a pcapng file (path relative to the run's folder, contents), and
    /// the traces that could not be made into one.
    public static func render(_ run: RunResult) -> (
        files: [(name: String, contents: Data)], failures: [ReportWriteError]
    ) {
        var files: [(name: String, contents: Data)] = []
        var failures: [ReportWriteError] = []
        for result in run.cases {
            guard let trace = result.trace else { continue }
            let section = trace.section(caseID: result.id, title: result.title, rig: run.rigName)
            do {
                files.append((path(for: result.id), Data(try PcapngWriter.write(section))))
            } catch {
                failures.append(.cannotWriteTrace(caseID: result.id, reason: "\(error)"))
            }
        }
        return (files, failures)
    }
}
