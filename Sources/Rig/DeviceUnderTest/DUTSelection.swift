import TagFormat

/// What a DUT's ISO 7816 tag reader session selected on the tag in the field, as CoreNFC's
/// `NFCISO7816Tag` shows it.
public struct DUTSelection: Sendable, Hashable {
    /// `initialSelectedAID`: the first identifier of the list the tag answered.
    public var aid: ApplicationIdentifier
    /// The ATS's historical bytes, when the DUT reported them.
    public var historicalBytes: [UInt8]?
    /// The SELECT's response data (the FCI), when it had any and the DUT reported it.
    public var applicationData: [UInt8]?

    /// A selection.
    public init(
        aid: ApplicationIdentifier, historicalBytes: [UInt8]? = nil,
        applicationData: [UInt8]? = nil
    ) {
        self.aid = aid
        self.historicalBytes = historicalBytes
        self.applicationData = applicationData
    }
}

extension DeviceUnderTest {
    /// A DUT without tag reader sessions: `.unsupported`, which skips the `iso7816` cases.
    public func selectISO7816(_ aids: [ApplicationIdentifier]) async throws(DUTError)
        -> DUTSelection?
    {
        throw .unsupported(operation: "select")
    }

    /// A DUT without tag reader sessions: `.unsupported`.
    public func sendAPDU(_ apdu: [UInt8]) async throws(DUTError) -> [UInt8] {
        throw .unsupported(operation: "apdu")
    }
}
