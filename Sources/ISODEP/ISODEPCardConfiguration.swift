/// What an emulated ISO/IEC 14443-4 card answers RATS with, and how it paces itself.
public struct ISODEPCardConfiguration: Sendable, Hashable {
    /// The ATS: FSCI, FWI, SFGI, CID support, historical bytes. The default has FSC 256,
    /// FWI 8 (about 77 ms), SFGI 0 and no CID.
    public var ats = ATS(fsci: 8, fwi: 8, sfgi: 0, cidSupported: false)
    /// When to ask for more time.
    public var wtxPolicy = ISODEPWTXPolicy.whenSlow(fraction: 0.5, multiplier: 1)
    /// How long to wait for the reader's next frame before the session ends as `.idle`.
    public var idleTimeout: Duration = .seconds(30)
    /// The longest chained command accepted.
    public var maximumCommandLength = 65_544
    /// Rules the card breaks on purpose (none by default).
    public var misbehaviour = ISODEPCardMisbehaviour.none

    /// The defaults above.
    public init() {}

    /// A configuration answering RATS with `ats`.
    public init(ats: ATS, wtxPolicy: ISODEPWTXPolicy = .whenSlow(fraction: 0.5, multiplier: 1)) {
        self.ats = ats
        self.wtxPolicy = wtxPolicy
    }
}
