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
    /// Records read so far per interface: where a gap noted in a comment sits.
    private var counts: [Int: Int] = [:]
    private var previous: Int64?

    /// A listing at the start of a trace.
    public init() {}

    /// `record`, from interface `interface`, read after the records before it; `comments`
    /// are its packet's (a bounded trace's gap is noted in one).
    public mutating func line(
        for record: TraceRecord, interface: Int = 0, comments: [String] = []
    ) -> TraceLine {
        var decoder = decoders[interface] ?? TraceDecoder()
        let annotation = decoder.annotate(record)
        decoders[interface] = decoder
        let index = counts[interface, default: 0]
        counts[interface] = index + 1
        let delta = previous.map { record.timestamp - $0 }
        previous = record.timestamp
        return TraceLine(
            interface: interface, record: record, delta: delta, annotation: annotation,
            comments: comments,
            gap: comments.lazy.compactMap { TraceGap(summary: $0, index: index) }.first)
    }

    /// The lines of `record`, from interface `interface`.
    public mutating func lines(for record: TraceRecord, interface: Int = 0) -> [String] {
        Self.text(line(for: record, interface: interface))
    }

    /// `line` as text: its comments noted, then the record, 16 bytes to a line.
    public static func text(_ line: TraceLine) -> [String] {
        let record = line.record
        let rows = stride(from: 0, to: max(record.bytes.count, 1), by: Self.bytesPerLine).map {
            Hex.encode(
                record.bytes.dropFirst($0).prefix(Self.bytesPerLine), uppercase: true,
                separator: " ")
        }
        var lines = line.comments.map(note)
        lines.append(
            Self.line(
                time: TraceTime.seconds(record.timestamp),
                delta: line.delta.map(TraceTime.microseconds) ?? "", source: line.source,
                bytes: rows[0], crc: line.annotation.crc.column, text: line.annotation.text))
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

    /// A trace file listed: its comments and interfaces, then its packets in file order,
    /// each packet's comments noted before it.
    public static func list(_ capture: PcapngCapture) -> String {
        var lines = capture.comments.map { "# \($0)" }
        for (index, interface) in capture.interfaces.enumerated() {
            lines.append("# " + InterfaceListing.heading(index, interface))
        }
        lines.append(header)
        var listing = TraceListing()
        for packet in capture.packets {
            lines += text(
                listing.line(
                    for: packet.record, interface: packet.interface, comments: packet.comments))
        }
        lines += skipped(capture)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A trace file listed one interface after the other, each under its heading and read
    /// on its own (Δt is the time since the interface's record before): the interfaces
    /// `include` picks. The file's comments come first, then a line for each interface not
    /// listed.
    public static func list(
        _ capture: PcapngCapture, including include: (PcapngInterface) -> Bool
    ) -> String {
        var lines = capture.comments.map { "# \($0)" }
        for (index, interface) in capture.interfaces.enumerated() where !include(interface) {
            lines.append("# " + InterfaceListing.heading(index, interface) + ": not listed")
        }
        for section in InterfaceListing.read(capture, including: include) {
            lines += ["", "# " + section.heading, header]
            lines += section.lines.flatMap(text)
        }
        lines += skipped(capture)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The line counting what the reader skipped, if it skipped anything.
    private static func skipped(_ capture: PcapngCapture) -> [String] {
        guard capture.skippedBlocks + capture.skippedTransfers > 0 else { return [] }
        return [
            "# skipped: \(capture.skippedBlocks) blocks of other types, "
                + "\(capture.skippedTransfers) USB packets without bulk data"
        ]
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
