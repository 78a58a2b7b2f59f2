import Conformance
import Foundation
import NFCRigTestSupport
import PacketTrace
import Reporting

/// `FailMessageClaims` for a run's report folder: each failing case's message against the
/// pcapng trace file the run kept for it (`traces/<CASE-ID>.pcapng`), so that the fails of
/// a process DUT (nfcpy, the scripted DUTs) name only frames that were on the air.
enum ReportEvidence {
    /// What the fail messages of `report`, written in `folder`, claim that their trace files
    /// do not hold, one line each; `source` names the DUT in the lines.
    static func unsupportedClaims(in report: Report, folder: String, source: String) throws
        -> [String]
    {
        try report.cases.filter { $0.verdict == .fail }.flatMap { item throws -> [String] in
            var interfaces: [[TraceRecord]]?
            var partial = false
            if let path = item.trace {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)))
                let capture = try PcapngReader.read(bytes)
                var byInterface: [Int: [TraceRecord]] = [:]
                for packet in capture.packets {
                    byInterface[packet.interface, default: []].append(packet.record)
                }
                interfaces = byInterface.keys.sorted().compactMap { byInterface[$0] }
                // A bounded trace says what it dropped in a packet comment.
                partial = capture.packets.contains { !$0.comments.isEmpty }
            }
            return FailMessageClaims.unsupported(
                message: item.message, interfaces: interfaces, partial: partial, source: source,
                caseID: item.id)
        }
    }
}
