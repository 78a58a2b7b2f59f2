import Conformance

/// An inline SVG timeline of one case's events: an RF lane (what the emulators saw) above a
/// DUT lane (what the DUT said), on a time axis in milliseconds from the case's start.
///
/// `poll`, `multipleTags`, `restartPolling`, `activation` and `fieldOff` each have their
/// own marker; other kinds share a small dot. Every marker's tooltip gives kind, time and
/// detail (escaped: details quote tags and DUTs).
struct TimelineSVG {
    /// The events, in any order.
    var events: [TimelineEvent]
    /// How long the case took; the axis runs to this or the last event, whichever is later.
    var duration: Duration
    /// What the chart shows, for screen readers (escaped here).
    var label: String

    /// The marker kinds with their own shape, in legend order.
    static let knownKinds = ["poll", "multipleTags", "restartPolling", "activation", "fieldOff"]

    private static let width = 760.0
    private static let left = 52.0
    private static let right = 16.0
    private static let legendY = 14.0
    private static let lanes: [(TimelineEvent.Source, String, Double)] = [
        (.rf, "RF", 48), (.dut, "DUT", 84),
    ]
    private static let axisY = 108.0
    private static let height = 142.0

    /// The `<svg>` element.
    func render() -> String {
        let end = max(
            Microseconds.of(duration), events.map { Microseconds.of($0.at) }.max() ?? 0, 1)
        let x = SVGLinearScale(
            domain: 0...Double(end), start: Self.left, end: Self.width - Self.right)
        let format = ReportFormatting.coordinate
        var parts = SVGElement.open(
            className: "timeline", width: Self.width, height: Self.height, label: label)
        parts += legend()
        for (_, name, laneY) in Self.lanes {
            parts.append(
                "<line class=\"lane\" x1=\"\(format(Self.left))\" y1=\"\(format(laneY))\" "
                    + "x2=\"\(format(Self.width - Self.right))\" y2=\"\(format(laneY))\"/>"
                    + "<text class=\"lane-label\" x=\"\(format(Self.left - 8))\" "
                    + "y=\"\(format(laneY + 4))\" text-anchor=\"end\">\(name)</text>")
        }
        parts += SVGAxis.milliseconds(scale: x, y: Self.axisY, target: 8)
        for event in events.sorted(by: { $0.at < $1.at }) {
            let laneY = Self.lanes.first { $0.0 == event.source }?.2 ?? 0
            let micros = Microseconds.of(event.at)
            let detail = event.detail.isEmpty ? "" : ": " + event.detail
            parts.append(
                "<g class=\"event \(Self.className(event.kind))\"><title>"
                    + HTMLText.escape(
                        "\(event.kind) at \(ReportFormatting.milliseconds(Double(micros) / 1000)) ms"
                            + " (\(event.source == .rf ? "RF" : "DUT"))\(detail)")
                    + "</title>" + Self.marker(kind: event.kind, x: x(Double(micros)), y: laneY)
                    + "</g>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// The CSS class of a kind's markers: the kind itself when known, `other` otherwise (a
    /// kind string never reaches an attribute unchecked).
    static func className(_ kind: String) -> String {
        knownKinds.contains(kind) ? kind : "other"
    }

    private static func marker(kind: String, x: Double, y: Double) -> String {
        let f = ReportFormatting.coordinate
        switch className(kind) {
        case "poll":
            return "<line x1=\"\(f(x))\" y1=\"\(f(y - 7))\" x2=\"\(f(x))\" y2=\"\(f(y + 7))\"/>"
        case "multipleTags":
            return "<path d=\"M\(f(x)) \(f(y - 7))L\(f(x + 7)) \(f(y))L\(f(x)) \(f(y + 7))"
                + "L\(f(x - 7)) \(f(y))Z\"/>"
        case "restartPolling":
            return "<path d=\"M\(f(x)) \(f(y - 8))L\(f(x + 7)) \(f(y + 6))"
                + "L\(f(x - 7)) \(f(y + 6))Z\"/>"
        case "activation":
            return "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"5.5\"/>"
        case "fieldOff":
            return "<rect x=\"\(f(x - 5))\" y=\"\(f(y - 5))\" width=\"10\" height=\"10\"/>"
        default:
            return "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"3\"/>"
        }
    }

    private func legend() -> [String] {
        var parts: [String] = []
        var position = Self.left
        for kind in Self.knownKinds + ["other"] {
            parts.append(
                "<g class=\"legend event \(kind)\">"
                    + Self.marker(kind: kind, x: position + 6, y: Self.legendY)
                    + "<text class=\"axis-label\" x=\"\(ReportFormatting.coordinate(position + 16))\" "
                    + "y=\"\(ReportFormatting.coordinate(Self.legendY + 4))\">\(kind)</text></g>")
            position += 22 + Double(kind.count) * 6.5
        }
        return parts
    }
}
