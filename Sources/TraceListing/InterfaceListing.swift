import PacketTrace

/// One interface of a trace file with its records read in order, on their own: a section
/// of the listing. Each interface is read apart from the others because each is one view
/// of one link (an antenna's field, one chip's USB): a card's answer is read after the
/// reader's frame before it on the same interface, and Δt between the two is the card's
/// response time.
public struct InterfaceListing: Sendable, Hashable {
    /// The interface ID.
    public var id: Int
    /// The interface as the file describes it.
    public var interface: PcapngInterface
    /// Its records.
    public var lines: [TraceLine]

    /// A section.
    public init(id: Int, interface: PcapngInterface, lines: [TraceLine]) {
        self.id = id
        self.interface = interface
        self.lines = lines
    }

    /// `interface 0: rf (simulated field), ISO 14443`.
    public var heading: String { Self.heading(id, interface) }

    /// The heading of interface `id`.
    static func heading(_ id: Int, _ interface: PcapngInterface) -> String {
        let name = [interface.name, interface.description.map { "(\($0))" }]
            .compactMap { $0 }.joined(separator: " ")
        let link = interface.linkType == .iso14443 ? "ISO 14443" : "USB"
        return "interface \(id): \(name.isEmpty ? "unnamed" : name), \(link)"
    }

    /// The interfaces of `capture` that `include` picks, in ID order, each with its
    /// records.
    public static func read(
        _ capture: PcapngCapture, including include: (PcapngInterface) -> Bool
    ) -> [InterfaceListing] {
        var sections = capture.interfaces.enumerated().filter { include($0.element) }
            .map { InterfaceListing(id: $0.offset, interface: $0.element, lines: []) }
        let position = Dictionary(
            uniqueKeysWithValues: sections.enumerated().map { ($0.element.id, $0.offset) })
        var listings = [TraceListing](repeating: TraceListing(), count: sections.count)
        for packet in capture.packets {
            guard let index = position[packet.interface] else { continue }
            sections[index].lines.append(
                listings[index].line(
                    for: packet.record, interface: packet.interface, comments: packet.comments))
        }
        return sections
    }
}
