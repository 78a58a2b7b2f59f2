/// What one latency series measured under: how many bytes moved, on which tag type, at
/// which bit rate. The report's plots put a sample against its size and draw the air's
/// limit for the same size and rate; a series without conditions is plotted only as a
/// distribution.
public struct MeasurementConditions: Sendable, Hashable, Codable {
    /// The NDEF message's length, for a read or write time.
    public var messageBytes: Int?
    /// The command APDU's length, for an APDU round trip.
    public var commandBytes: Int?
    /// The response APDU's length with its status word, for an APDU round trip.
    public var responseBytes: Int?
    /// The tag type the bytes moved on: `type2` or `type4`.
    public var tagType: String?
    /// The bit rate on the air in kbps (106 for every tag a PN533 presents in target mode).
    public var bitRateKbps: Int?

    /// Creates conditions; every part is optional.
    public init(
        messageBytes: Int? = nil, commandBytes: Int? = nil, responseBytes: Int? = nil,
        tagType: String? = nil, bitRateKbps: Int? = nil
    ) {
        self.messageBytes = messageBytes
        self.commandBytes = commandBytes
        self.responseBytes = responseBytes
        self.tagType = tagType
        self.bitRateKbps = bitRateKbps
    }
}
