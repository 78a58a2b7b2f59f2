/// How persistent and patient an `ISODEPReader` is.
public struct ISODEPReaderConfiguration: Sendable, Hashable {
    /// Retransmissions per block after a timeout or a damaged answer (R(NAK), or R(ACK) while
    /// the card chains), as the PN533 firmware does it: 2.
    public var retransmissions = 2
    /// S(DESELECT) tries before `deselect` gives up.
    public var deselectAttempts = 2
    /// RATS tries before `activate` gives up.
    public var activationAttempts = 2
    /// ΔFWT, added to every frame waiting time.
    public var frameWaitingTolerance = ISODEPTiming.frameWaitingTolerance
    /// S(WTX) requests the card may make in a row for one block.
    public var maximumWaitingTimeExtensions = 64
    /// The longest chained answer accepted.
    public var maximumResponseLength = 65_538
    /// Rules broken on purpose (nfcrig's reader faults); none by default.
    public var deviations: ISODEPReaderDeviations = []

    /// The defaults above.
    public init() {}
}
