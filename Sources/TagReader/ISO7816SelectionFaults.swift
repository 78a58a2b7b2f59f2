/// Deliberate faults of what the reference reader's ISO 7816 tag reader session reports at
/// discovery (issue 32), each a bug of the kind an app or a stack's tag object shows, for the
/// `iso7816` cases to catch (`--dut-fault`).
public struct ISO7816SelectionFaults: ReaderFaultSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `selects-every-aid`: the loop over the registered AIDs has no break: every one is
    /// SELECTed, and the last the card answered 9000 is reported as the selected one.
    public static let selectsEveryAID = ISO7816SelectionFaults(rawValue: 1 << 0)
    /// `fci-as-application-data`: the discovery SELECT's response data (the FCI) is
    /// reported as the application data, which CoreNFC's `applicationData` holds only for a
    /// Type B card (the ATQB's application data): on a Type A card it is nil.
    public static let fciAsApplicationData = ISO7816SelectionFaults(rawValue: 1 << 1)
    /// `historical-bytes-after-t0`: the historical bytes are taken to start right after T0,
    /// so the interface bytes TA(1), TB(1), TC(1) are reported among them.
    public static let historicalBytesAfterT0 = ISO7816SelectionFaults(rawValue: 1 << 2)

    /// Every fault with its `--dut-fault` name, in the order `ReaderFaults.specs` lists them.
    public static let named: [(name: String, fault: ISO7816SelectionFaults)] = [
        ("selects-every-aid", .selectsEveryAID),
        ("fci-as-application-data", .fciAsApplicationData),
        ("historical-bytes-after-t0", .historicalBytesAfterT0),
    ]

    /// The historical bytes of `ats` (TL first) as the reader reports them: after the
    /// interface bytes T0 announces, or with `historical-bytes-after-t0` after T0.
    func historicalBytes(_ ats: [UInt8], decoded: [UInt8]) -> [UInt8] {
        guard contains(.historicalBytesAfterT0) else { return decoded }
        return Array(ats.dropFirst(2))
    }
}
