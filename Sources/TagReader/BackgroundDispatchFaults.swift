import NDEF

/// Deliberate faults of what the reference DUT's application would open for a tag (iOS
/// background tag reading, DESIGN §5), each a departure from Apple's rule that readers and
/// apps have shipped, for the `background-reading` cases to catch (`--dut-fault`).
public struct BackgroundDispatchFaults: ReaderFaultSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `web-links-only`: only http and https URLs are opened; mailto, sms, tel, facetime and
    /// X-HM are ignored (martinpaljak/nfc4pc, which claims Apple's behaviour, opens "HTTP(S)
    /// URL-s" only).
    public static let webLinksOnly = BackgroundDispatchFaults(rawValue: 1 << 0)
    /// `dispatches-custom-schemes`: the first URI record is opened whatever its scheme, as
    /// Android dispatches a tag's URI (home-assistant/android#876: a custom scheme goes
    /// straight to the app).
    public static let dispatchesCustomSchemes = BackgroundDispatchFaults(rawValue: 1 << 1)
    /// `ignores-smart-poster`: only top-level URI records count, so a Smart Poster's URI is
    /// never opened (flomio/flomio_drivers_ios#3).
    public static let ignoresSmartPoster = BackgroundDispatchFaults(rawValue: 1 << 2)

    /// Every fault with its `--dut-fault` name, in the order `ReaderFaults.specs` lists them.
    public static let named: [(name: String, fault: BackgroundDispatchFaults)] = [
        ("web-links-only", .webLinksOnly),
        ("dispatches-custom-schemes", .dispatchesCustomSchemes),
        ("ignores-smart-poster", .ignoresSmartPoster),
    ]

    /// What background reading would open for `message` with these faults: Apple's rule
    /// (`BackgroundReading.evaluate`), bent where a fault bends it.
    func verdict(for message: NDEFMessage) -> BackgroundReadingVerdict {
        let seen =
            contains(.ignoresSmartPoster)
            ? NDEFMessage(records: message.records.filter { !$0.isWellKnown("Sp") }) : message
        var verdict = BackgroundReading.evaluate(seen)
        if contains(.dispatchesCustomSchemes), verdict.rejection == .customScheme,
            verdict.url != nil
        {
            verdict.dispatch = true
            verdict.rejection = nil
            verdict.reason += "; opened all the same (dispatches-custom-schemes)"
        }
        if contains(.webLinksOnly), verdict.dispatch, let kind = verdict.kind,
            ![.web, .maps].contains(kind)
        {
            verdict.dispatch = false
            verdict.reason += "; not opened, not a web link (web-links-only)"
        }
        return verdict
    }
}
