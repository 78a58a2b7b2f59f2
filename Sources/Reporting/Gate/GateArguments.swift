/// Parsing of `nfcrig gate`'s `--tolerance` and `--min-delta` values.
public enum GateArguments {
    /// A tolerance as a fraction: `10%` → 0.1, `12.5%` → 0.125, `0.1` → 0.1.
    ///
    /// A bare number above 1 is refused: `10` could mean 10 % or 1000 %.
    public static func tolerance(_ text: String, argument: String = "--tolerance")
        throws(GateArgumentError) -> Double
    {
        let trimmed = text.trimmingSpaces
        let error = GateArgumentError.invalidTolerance(argument: argument, value: text)
        if trimmed.hasSuffix("%") {
            guard let percent = decimal(trimmed.dropLast().trimmingSpaces) else { throw error }
            return percent / 100
        }
        guard let fraction = decimal(trimmed), fraction <= 1 else { throw error }
        return fraction
    }

    /// A duration with its unit: `0.5ms`, `500us`, `500µs`, `1s`, `250000ns`, to the
    /// nanosecond.
    public static func duration(_ text: String, argument: String = "--min-delta")
        throws(GateArgumentError) -> Duration
    {
        let trimmed = text.trimmingSpaces
        let error = GateArgumentError.invalidDuration(argument: argument, value: text)
        let units: [(suffix: String, nanoseconds: Double)] = [
            ("ms", 1e6), ("us", 1e3), ("µs", 1e3), ("\u{3BC}s", 1e3), ("ns", 1), ("s", 1e9),
        ]
        guard let unit = units.first(where: { trimmed.hasSuffix($0.suffix) }),
            let value = decimal(trimmed.dropLast(unit.suffix.count).trimmingSpaces)
        else { throw error }
        let nanoseconds = (value * unit.nanoseconds).rounded()
        // A day is far beyond any latency; the cap keeps the conversion from trapping.
        guard nanoseconds <= 86_400e9 else { throw error }
        return .nanoseconds(Int64(nanoseconds))
    }

    /// One accept entry: `CASE-ID` or `CASE-ID:metric` (split at the first colon), with no
    /// spaces inside.
    public static func acceptance(_ text: String, source: String = "--accept")
        throws(GateArgumentError) -> GateAcceptance
    {
        let trimmed = String(text.trimmingSpaces)
        let error = GateArgumentError.invalidAcceptance(source: source, value: text)
        let parts = trimmed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let id = parts.first, !id.isEmpty,
            !trimmed.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.value < 0x20
            })
        else { throw error }
        if parts.count == 2 {
            guard !parts[1].isEmpty else { throw error }
            return GateAcceptance(caseID: String(id), metric: String(parts[1]), source: source)
        }
        return GateAcceptance(caseID: String(id), source: source)
    }

    /// The entries of an accept file: one per line; blank lines and everything from a `#`
    /// on are ignored. Each entry's source is `file:line`.
    public static func acceptances(file text: String, name: String) throws(GateArgumentError)
        -> [GateAcceptance]
    {
        var entries: [GateAcceptance] = []
        // `\r\n` is one Character: splitting on newlines counts it as one line end.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, line) in lines.enumerated() {
            let content = line.prefix { $0 != "#" }.replacing("\t", with: " ")
            guard !content.trimmingSpaces.isEmpty else { continue }
            entries.append(try acceptance(String(content), source: "\(name):\(index + 1)"))
        }
        return entries
    }

    /// A plain non-negative decimal (`12`, `0.5`, `.5`): no sign, exponent, hex, inf or nan,
    /// which `Double(_:)` would accept.
    private static func decimal(_ text: Substring) -> Double? {
        let digits = text.filter { $0 != "." }
        guard !digits.isEmpty, text.count(where: { $0 == "." }) <= 1,
            digits.allSatisfy({ ("0"..."9").contains($0) })
        else { return nil }
        return Double(text)
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: Substring {
        let view = self[...]
        let start = view.firstIndex { $0 != " " } ?? view.endIndex
        let end = view.lastIndex { $0 != " " }.map { view.index(after: $0) } ?? start
        return Substring(view[start..<end])
    }
}
