import HexText
import PacketTrace

/// A trace as text, a line per record in the manner of Proxmark3's `trace list`: when it
/// started, the time since the record before, who sent it, its bytes (16 to a line), its
/// CRC_A and what it is.
///
/// ```
///       time (s)       Δt (µs)  src     bytes                                            crc  decoding
///    0.001100000       100.000  reader  26                                                    REQA
///    0.001200000       100.000  card    04 00                                                 ATQA, UID single (4 bytes)
/// ```
/// CRC column: `ok`, `!!` wrong, `--` dropped by the capture, empty when the frame has none.
public struct TraceListing: Sendable {
    /// Bytes on one line; longer records continue on the lines below.
    static let bytesPerLine = 16
    private static let timeWidth = 14
    private static let deltaWidth = 13
    private static let sourceWidth = 6
    private static let bytesWidth = bytesPerLine * 3 - 1
    private static let crcWidth = 3

    /// The column titles.
    public static let header = line(
        time: "time (s)", delta: "Δt (µs)", source: "src", bytes: "bytes", crc: "crc",
        text: "decoding")

    /// One decoder per interface: an RF interface's frames are read in the light of the
    /// ones before.
    private var decoders: [Int: TraceDecoder] = [:]
    private var previous: Int64?

    /// A listing at the start of a trace.
    public init() {}

    /// The lines of `record`, from interface `interface`.
    public mutating func lines(for record: TraceRecord, interface: Int = 0) -> [String] {
        var decoder = decoders[interface] ?? TraceDecoder()
        let annotation = decoder.annotate(record)
        decoders[interface] = decoder
        let delta = previous.map { TraceTime.microseconds(record.timestamp - $0) } ?? ""
        previous = record.timestamp
        let rows = stride(from: 0, to: max(record.bytes.count, 1), by: Self.bytesPerLine).map {
            Hex.encode(
                record.bytes.dropFirst($0).prefix(Self.bytesPerLine), uppercase: true,
                separator: " ")
        }
        var lines = [
            Self.line(
                time: TraceTime.seconds(record.timestamp), delta: delta,
                source: Self.source(record.kind), bytes: rows[0], crc: annotation.crc.column,
                text: annotation.text)
        ]
        for row in rows.dropFirst() {
            lines.append(Self.line(time: "", delta: "", source: "", bytes: row, crc: "", text: ""))
        }
        return lines
    }

    /// A line of its own for what is no record: a gap, a comment.
    public static func note(_ text: String) -> String {
        String(repeating: " ", count: timeWidth + deltaWidth + 2) + "# " + text
    }

    /// `records` listed, with the gap a bounded trace left noted where it is.
    public static func list(_ records: [TraceRecord], gap: TraceGap? = nil) -> String {
        var listing = TraceListing()
        var lines = [header]
        for (index, record) in records.enumerated() {
            if let gap, gap.index == index { lines.append(note(gap.summary)) }
            lines += listing.lines(for: record)
        }
        if let gap, gap.index >= records.count { lines.append(note(gap.summary)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A trace file listed: its comments and interfaces, then its packets, each packet's
    /// comments noted before it.
    public static func list(_ capture: PcapngCapture) -> String {
        var lines = capture.comments.map { "# \($0)" }
        for (index, interface) in capture.interfaces.enumerated() {
            let name = [interface.name, interface.description.map { "(\($0))" }]
                .compactMap { $0 }.joined(separator: " ")
            let link = interface.linkType == .iso14443 ? "ISO 14443" : "USB"
            lines.append("# interface \(index): \(name), \(link)")
        }
        lines.append(header)
        var listing = TraceListing()
        for packet in capture.packets {
            lines += packet.comments.map(note)
            lines += listing.lines(for: packet.record, interface: packet.interface)
        }
        if capture.skippedBlocks + capture.skippedTransfers > 0 {
            lines.append(
                "# skipped: \(capture.skippedBlocks) blocks of other types, "
                    + "\(capture.skippedTransfers) USB packets without bulk data")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func source(_ kind: TraceRecordKind) -> String {
        switch kind {
        case .pcdToPICC: "reader"
        case .piccToPCD: "card"
        case .fieldOn, .fieldOff: "field"
        case .hostToChip: "host"
        case .chipToHost: "chip"
        }
    }

    private static func line(
        time: String, delta: String, source: String, bytes: String, crc: String, text: String
    ) -> String {
        let columns =
            padded(time, timeWidth, right: true) + padded(delta, deltaWidth, right: true) + "  "
            + padded(source, sourceWidth) + "  " + padded(bytes, bytesWidth) + "  "
            + padded(crc, crcWidth) + "  " + text
        return String(columns.reversed().drop { $0 == " " }.reversed())
    }

    private static func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
