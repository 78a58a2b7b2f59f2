import Conformance
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a run's report folder and points `latest` at it.
public enum ReportWriter {
    /// The name of the link to the newest run.
    public static let latest = "latest"

    /// Writes `report.json`, `junit.xml`, `report.md`, `report.html` and `summary.md` into
    /// `<reports>/<run-id>/` (creating folders as needed, replacing files of the same run),
    /// then each kept trace as `traces/<CASE-ID>.pcapng`, then repoints `<reports>/latest`
    /// at that folder.
    ///
    /// Each file is written atomically, and `latest` is replaced by renaming a new link over
    /// it, so a reader sees either the old run or the new one, never a half-written one.
    /// The link is relative (`latest -> <run-id>`) so that the folder can be moved.
    ///
    /// - Returns: The run's folder.
    @discardableResult
    public static func write(_ run: RunResult, to reports: URL) throws(ReportWriteError) -> URL {
        let id = run.runID
        guard !id.isEmpty, id != ".", id != "..", id != latest, !id.contains("/"),
            !id.contains("\0")
        else { throw .invalidRunID(id) }
        let folder = reports.appendingPathComponent(id, isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(path: folder.path, reason: describe(error))
        }
        for file in ReportDocuments(run).files {
            try write(file.contents, to: folder.appendingPathComponent(file.name))
        }
        // Traces after the reports: a trace that fails loses no verdict.
        let traces = TraceFiles.render(run)
        if !traces.files.isEmpty {
            let tracesFolder = folder.appendingPathComponent(TraceFiles.folder)
            do {
                try FileManager.default.createDirectory(
                    at: tracesFolder, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateDirectory(path: tracesFolder.path, reason: describe(error))
            }
        }
        for file in traces.files {
            try write(file.contents, to: folder.appendingPathComponent(file.name))
        }
        try link(reports.appendingPathComponent(latest).path, to: id)
        if let failure = traces.failures.first { throw failure }
        return folder
    }

    private static func write(_ contents: Data, to url: URL) throws(ReportWriteError) {
        do {
            try contents.write(to: url, options: .atomic)
        } catch {
            throw .cannotWriteFile(path: url.path, reason: describe(error))
        }
    }

    private static func link(_ path: String, to target: String) throws(ReportWriteError) {
        let temporary = path + ".\(UUID().uuidString).tmp"
        do {
            try FileManager.default.createSymbolicLink(
                atPath: temporary, withDestinationPath: target)
        } catch {
            throw .cannotLinkLatest(path: path, reason: describe(error))
        }
        // rename(2) replaces the old link in one step; FileManager has no such operation.
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw .cannotLinkLatest(path: path, reason: reason)
        }
    }

    private static func describe(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}
