import TagFormat

/// What an ISO 7816 tag reader session found on a tag, as CoreNFC's `NFCISO7816Tag` exposes
/// it: the application selected at discovery and the tag's data.
public struct ISO7816TagSelection: Sendable, Hashable {
    /// `initialSelectedAID`: the first identifier of the session's list the tag selected.
    public var initialSelectedAID: ApplicationIdentifier
    /// The UID.
    public var identifier: [UInt8]
    /// The historical bytes of the ATS.
    public var historicalBytes: [UInt8]
    /// `applicationData`: per Apple, the application data of a Type B card's ATQB; nil on
    /// a Type A card (the `fci-as-application-data` fault puts the SELECT's FCI here).
    public var applicationData: [UInt8]?

    /// A selection.
    public init(
        initialSelectedAID: ApplicationIdentifier, identifier: [UInt8], historicalBytes: [UInt8],
        applicationData: [UInt8]?
    ) {
        self.initialSelectedAID = initialSelectedAID
        self.identifier = identifier
        self.historicalBytes = historicalBytes
        self.applicationData = applicationData
    }
}

/// A tag reader session with one connected ISO 7816 tag: the identifiers the app registered
/// (the only ones `sendCommand` may SELECT) and what discovery selected.
struct ISO7816ReaderSession: Sendable, Hashable {
    var identifiers: [ApplicationIdentifier]
    var selection: ISO7816TagSelection
    /// The card's last answer (kept for the `stale-answer-after-loss` fault).
    var lastAnswer: ResponseAPDU?
}
