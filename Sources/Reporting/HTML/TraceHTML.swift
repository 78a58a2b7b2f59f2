import Conformance
import HexText
import PacketTrace
import TraceListing

/// The RF trace of each failing or erroring case in `report.html`: the repetition that
/// decided the verdict as a readable sequence (time, Δt, who sent it, bytes, decoding),
/// collapsed until opened, the frame the verdict rests on marked where the case knows it,
/// and a link to the pcapng file with everything (USB included).
enum TraceHTML {
    /// Frames shown per trace; longer traces show the part around the marked frame (or their
    /// end, where a failure usually is) and say how many they left to the pcapng file.
    static let maximumLines = 1500

    /// The section, empty when no failing case kept a trace.
    static func section(_ run: RunResult) -> [String] {
        let traced = run.cases.filter {
            ($0.verdict == .fail || $0.verdict == .error) && $0.trace != nil
        }
        guard !traced.isEmpty else { return [] }
        var parts = ["<section id=\"traces\">", "<h2>Traces of failing cases</h2>"]
        for result in traced {
            guard let trace = result.trace else { continue }
            parts += details(result, trace)
        }
        parts.append("</section>")
        return parts
    }

    /// The anchor of a case's trace, for links from its row.
    static func anchor(_ caseID: String) -> String {
        "trace-" + TraceFiles.safeName(caseID)
    }

    private static func details(_ result: CaseResult, _ trace: CaseTrace) -> [String] {
        let e = HTMLText.escape
        let file = TraceFiles.path(for: result.id)
        let rf = trace.interfaces.filter { $0.interface.link == .rf }
        let frames = rf.reduce(0) { $0 + $1.records.count }
        var parts = [
            "<details class=\"trace\" id=\"\(anchor(result.id))\">",
            "<summary><code>\(e(result.id))</code> \(verdictWord(result.verdict)), repetition "
                + "\(trace.repetition + 1): \(frames) RF records</summary>",
            "<p><a href=\"\(e(file))\">\(e(file))</a>: the whole trace (RF and USB) for "
                + "Wireshark or <code>nfcrig trace</code>.</p>",
        ]
        for interface in rf {
            parts += table(interface, evidenceAt: trace.evidenceAt)
        }
        parts.append("</details>")
        return parts
    }

    private static func verdictWord(_ verdict: Verdict) -> String {
        "<span class=\"verdict \(verdict.rawValue)\">\(verdict.rawValue)</span>"
    }

    /// One RF interface as a table, its marked frame highlighted.
    private static func table(_ interface: InterfaceTrace, evidenceAt: Duration?) -> [String] {
        let e = HTMLText.escape
        var listing = TraceListing()
        let lines = interface.records.map { listing.line(for: $0) }
        // The verdict rests on the last frame on the air at or before the evidence's time
        // (a tag logs a command once it has heard it).
        let marked = evidenceAt.flatMap { at -> Int? in
            let limit = TraceTime.nanoseconds(at)
            return lines.lastIndex {
                $0.record.timestamp <= limit
                    && ($0.record.kind == .pcdToPICC || $0.record.kind == .piccToPCD)
            }
        }
        let window = shown(count: lines.count, around: marked)
        var parts = [
            "<h3>\(e(interface.interface.name)): \(e(interface.interface.description))</h3>"
        ]
        if let gap = interface.gap {
            parts.append("<p class=\"note\">\(e(gap.summary))</p>")
        }
        if window.lowerBound > 0 {
            parts.append(
                "<p class=\"note\">\(window.lowerBound) earlier records are in the pcapng file.</p>"
            )
        }
        parts.append(
            "<table class=\"trace\"><tr><th>Time (s)</th><th>Δt (µs)</th><th>From</th>"
                + "<th>Bytes</th><th>CRC</th><th>Decoded</th></tr>")
        for index in window {
            let line = lines[index]
            let isMarked = index == marked
            let delta = line.delta.map { TraceTime.microseconds($0) } ?? ""
            parts.append(
                "<tr\(isMarked ? " class=\"evidence\"" : "")><td class=\"number\">"
                    + "\(TraceTime.seconds(line.record.timestamp))</td><td class=\"number\">"
                    + "\(delta)</td><td>\(line.source)</td><td><code>"
                    + "\(e(Hex.encode(line.record.bytes, uppercase: true, separator: " ")))</code></td><td>"
                    + "\(e(line.annotation.crc.column))</td><td>\(e(line.annotation.text))"
                    + (isMarked ? " <strong>◀ the verdict rests on this frame</strong>" : "")
                    + "</td></tr>")
        }
        parts.append("</table>")
        if window.upperBound < lines.count {
            parts.append(
                "<p class=\"note\">\(lines.count - window.upperBound) later records are in the "
                    + "pcapng file.</p>")
        }
        return parts
    }

    /// The lines shown: all of them, or `maximumLines` around the marked one (or the end).
    static func shown(count: Int, around marked: Int?) -> Range<Int> {
        guard count > maximumLines else { return 0..<count }
        let center = marked ?? count - 1
        let start = max(0, min(center - maximumLines / 2, count - maximumLines))
        return start..<start + maximumLines
    }
}
