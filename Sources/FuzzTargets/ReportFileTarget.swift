import Foundation
import Reporting

/// The report-file loader the gate uses (Sources/Reporting: `ReportJSON.decode`, which
/// `ReportFile.load` calls on the file's bytes) on any bytes.
///
/// Properties: a report read is stable through writing: decode, encode, decode, encode gives
/// the same bytes twice (a JSON number or date may be written in one canonical form, so the
/// first encoding need not be the input); a rejected file gets a `ReportFileError` naming
/// the file and, for a schema, type or value problem, a JSON path from the root (`$`).
public enum ReportFileTarget: FuzzTarget {
    public static let name = "report-file"
    static let file = "fuzz/report.json"

    public static func check(_ input: [UInt8]) throws(PropertyFailure) {
        let report: Report
        do {
            report = try ReportJSON.decode(Data(input), file: file)
        } catch {
            try PropertyFailure.require(error.file == file, "an error names the file", "\(error)")
            if let path = error.path {
                try PropertyFailure.require(
                    path.hasPrefix("$"), "an error's JSON path starts at the root", "\(error)")
            }
            return
        }
        let encoded = ReportJSON.encode(report)
        do {
            let again = try ReportJSON.decode(encoded, file: file)
            let reencoded = ReportJSON.encode(again)
            try PropertyFailure.require(
                reencoded == encoded, "decode, encode, decode, encode gives the same bytes",
                "\(encoded.count) bytes became \(reencoded.count)")
        } catch let failure as PropertyFailure {
            throw failure
        } catch {
            throw PropertyFailure("a report nfcrig wrote reads back", "\(error)")
        }
    }
}
