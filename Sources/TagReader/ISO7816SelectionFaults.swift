/// Deliberate faults of what the reference reader's ISO 7816 tag reader session reports at
/// discovery (issue 32), each a bug of the kind an app or a stack's tag object shows, for the
/// `iso7816` cases to catch (`--dut-fault`).
public struct ISO7816SelectionFaults: ReaderFaultSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `selects-every-aid`: the loop over the registered AIDs has no break: every one is
    /// SELECTed, and the last the card answered 9000 is reported as the selected one.
    public static let selectsEveryAID = ISO7816SelectionFaults(rawValue: 1 << 0)
    /// `application-data-with-status-word`: the SELECT's whole response, SW1 SW2 included,
    /// is reported as the application data instead of its data field, the FCI.
    public static let applicationDataWithStatusWord = ISO7816SelectionFaults(rawValue: 1 << 1)
    /// `historical-bytes-after-t0`: the historical bytes are taken to start right after T0,
    /// so the interface bytes TA(1), TB(1), TC(1) are reported among them.
    public static let historicalBytesAfterT0 = ISO7816SelectionFaults(rawValue: 1 << 2)

    /// Every fault with its `--dut-fault` name, in the order `ReaderFaults.specs` lists them.
    public static let named: [(name: String, fault: ISO7816SelectionFaults)] = [
        ("selects-every-aid", .selectsEveryAID),
        ("application-data-with-status-word", .applicationDataWithStatusWord),
        ("historical-bytes-after-t0", .historicalBytesAfterT0),
    ]

    /// The historical bytes of `ats` (TL first) as the reader reports them: after the
    /// interface bytes T0 announces, or with `historical-bytes-after-t0` after T0.
    func historicalBytes(_ ats: [UInt8], decoded: [UInt8]) -> [UInt8] {
        guard contains(.historicalBytesAfterT0) else { return decoded }
        return Array(ats.dropFirst(2))
    }
}
