import HexText
import PacketTrace
import TraceListing

/// The documented JSON shape of `nfcrig trace --json` (docs/reports.md): scripts
/// depend on these keys, so they change only with the schema.
enum TraceJSON {
    /// file, comments, interfaces, records, gaps, skipped.
    static func document(file: String, capture: PcapngCapture, sections: [InterfaceListing])
        -> JSONValue
    {
        let listed = Set(sections.map(\.id))
        var records: [JSONValue] = []
        var gaps: [JSONValue] = []
        for line in sections.flatMap(\.lines) {
            if let gap = line.gap { gaps.append(Self.gap(gap, line: line, at: records.count)) }
            records.append(record(line))
        }
        return .object([
            ("file", .string(file)),
            ("comments", .array(capture.comments.map(JSONValue.string))),
            (
                "interfaces",
                .array(
                    capture.interfaces.enumerated().map {
                        interface($0.element, id: $0.offset, listed: listed.contains($0.offset))
                    })
            ),
            ("records", .array(records)),
            ("gaps", .array(gaps)),
            (
                "skipped",
                .object([
                    ("blocks", .int(capture.skippedBlocks)),
                    ("transfers", .int(capture.skippedTransfers)),
                ])
            ),
        ])
    }

    /// id, name, description, link (`rf` or `usb`), listed.
    static func interface(_ interface: PcapngInterface, id: Int, listed: Bool) -> JSONValue {
        .object([
            ("id", .int(id)),
            ("name", interface.name.map(JSONValue.string) ?? .null),
            ("description", interface.description.map(JSONValue.string) ?? .null),
            ("link", .string(interface.linkType == .iso14443 ? "rf" : "usb")),
            ("listed", .bool(listed)),
        ])
    }

    /// interface, timeNs, deltaNs, source, kind, bytesHex, crc, decoding, comments.
    static func record(_ line: TraceLine) -> JSONValue {
        .object([
            ("interface", .int(line.interface)),
            ("timeNs", .int(Int(line.record.timestamp))),
            ("deltaNs", line.delta.map { .int(Int($0)) } ?? .null),
            ("source", .string(line.source)),
            ("kind", .string(kind(line.record.kind))),
            ("bytesHex", .string(Hex.encode(line.record.bytes))),
            ("crc", .string(crc(line.annotation.crc))),
            ("decoding", .string(line.annotation.text)),
            ("comments", .array(line.comments.map(JSONValue.string))),
        ])
    }

    /// interface, record (the index in `records` of the first record after the gap),
    /// dropped, bytes, firstNs, lastNs.
    static func gap(_ gap: TraceGap, line: TraceLine, at record: Int) -> JSONValue {
        .object([
            ("interface", .int(line.interface)),
            ("record", .int(record)),
            ("dropped", .int(gap.records)),
            ("bytes", .int(gap.bytes)),
            ("firstNs", .int(Int(gap.first))),
            ("lastNs", .int(Int(gap.last))),
        ])
    }

    static func kind(_ kind: TraceRecordKind) -> String {
        switch kind {
        case .pcdToPICC: "pcdToPICC"
        case .piccToPCD: "piccToPCD"
        case .fieldOn: "fieldOn"
        case .fieldOff: "fieldOff"
        case .hostToChip: "hostToChip"
        case .chipToHost: "chipToHost"
        }
    }

    /// `none` (the frame carries no CRC_A on the air, or is no frame), `notCaptured`,
    /// `ok`, `wrong`.
    static func crc(_ check: CRCCheck) -> String {
        switch check {
        case .notCarried: "none"
        case .notCaptured: "notCaptured"
        case .ok: "ok"
        case .wrong: "wrong"
        }
    }
}
