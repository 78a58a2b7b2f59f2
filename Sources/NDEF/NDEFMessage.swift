/// An NDEF message: one or more records, in order.
public struct NDEFMessage: Sendable, Hashable {
    /// The records, chunked payloads already reassembled.
    public var records: [NDEFRecord]

    /// Creates a message from records.
    public init(records: [NDEFRecord]) { self.records = records }

    /// Creates a message from records.
    public init(_ records: NDEFRecord...) { self.records = records }

    /// The message iOS hands an app for a user activity that did not come from a tag: one
    /// empty record.
    public static let notFromTag = NDEFMessage(records: [.empty])

    /// Whether this is the "not from a tag" shape: exactly one empty record.
    public var isNotFromTagShape: Bool {
        records.count == 1 && records[0].typeNameFormat == .empty && records[0].type.isEmpty
            && records[0].identifier.isEmpty && records[0].payload.isEmpty
    }

    /// The encoded length in octets, laid out as `NDEFEncoder` would lay it out.
    public var encodedLength: Int { NDEFEncoder().encodedLength(of: self) }
}
