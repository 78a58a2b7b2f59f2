import Foundation

/// A Smart Poster record (well-known type "Sp"): a nested NDEF message around one URI record
/// with optional titles, action, size, type and icons (NFC Forum Smart Poster RTD 1.0).
public struct SmartPosterRecord: Sendable, Hashable {
    /// The URI, from the one required URI record.
    public var uri: URIRecord
    /// Titles ("T" records), at most one per language.
    public var titles: [TextRecord]
    /// The action record ("act").
    public var action: SmartPosterAction?
    /// The size of the resource the URI points to ("s"), in bytes.
    public var size: UInt32?
    /// The MIME type of the resource the URI points to ("t").
    public var resourceType: String?
    /// Icons: media records of an `image/*` or `video/*` type.
    public var icons: [MIMERecord]
    /// Nested records of any other kind, kept in order as the RTD asks readers to ignore them.
    public var otherRecords: [NDEFRecord]

    /// Creates a Smart Poster.
    public init(
        uri: URIRecord, titles: [TextRecord] = [], action: SmartPosterAction? = nil,
        size: UInt32? = nil, resourceType: String? = nil, icons: [MIMERecord] = [],
        otherRecords: [NDEFRecord] = []
    ) {
        self.uri = uri
        self.titles = titles
        self.action = action
        self.size = size
        self.resourceType = resourceType
        self.icons = icons
        self.otherRecords = otherRecords
    }

    /// Decodes a Smart Poster payload.
    /// - Throws: `RTDError` when the nested message is not valid NDEF, holds other than one
    ///   URI record, repeats a title language or an action/size/type record, or a nested
    ///   record does not decode (`nestedRecord`, with its index).
    public init(payload: UnsafeRawBufferPointer) throws(RTDError) {
        // One walk both checks and builds: checking first and building from the view would
        // walk the nested message twice.
        var builder = SmartPosterBuilder()
        _ = try SmartPosterRecordView(payload: payload, sink: &builder)
        self = builder.poster
    }

    /// Builds the owned record from a checked view.
    public init(_ view: SmartPosterRecordView) {
        var builder = SmartPosterBuilder()
        builder.poster.titles.reserveCapacity(view.titleCount)
        view.forEachPart { builder.add($0) }
        self = builder.poster
    }

    /// Decodes a well-known "Sp" record.
    public init(_ record: NDEFRecord) throws(RTDError) {
        self = try record.decodeFields(as: .wellKnown, wellKnown: "Sp") {
            (_, payload) throws(RTDError) in try SmartPosterRecord(payload: payload)
        }
    }

    /// The title in `language` (compared without case), if there is one.
    public func title(language: String) -> String? {
        titles.first { ASCIICase.equal($0.language.utf8, language.utf8) }?.text
    }

    /// The nested records in the order encoding writes them: URI, titles, action, size,
    /// type, icons, then the others.
    public func nestedRecords() throws(RTDError) -> [NDEFRecord] {
        var records = [uri.record]
        for title in titles { records.append(try title.record()) }
        if let action {
            records.append(Self.wellKnown("act", [action.rawValue]))
        }
        if let size {
            records.append(
                Self.wellKnown(
                    "s",
                    [
                        UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF),
                        UInt8(size & 0xFF),
                    ]))
        }
        if let resourceType {
            records.append(Self.wellKnown("t", Array(resourceType.utf8)))
        }
        records += icons.map(\.record)
        records += otherRecords
        return records
    }

    /// The encoded payload: the nested message.
    public func payload() throws(RTDError) -> [UInt8] {
        let message = NDEFMessage(records: try nestedRecords())
        do {
            return try NDEFEncoder().encode(message)
        } catch {
            throw .nestedEncoding(error)
        }
    }

    /// The record: well-known type "Sp" carrying `payload()`.
    public func record() throws(RTDError) -> NDEFRecord {
        NDEFRecord(typeNameFormat: .wellKnown, type: Array("Sp".utf8), payload: try payload())
    }

    private static func wellKnown(_ name: String, _ payload: [UInt8]) -> NDEFRecord {
        NDEFRecord(typeNameFormat: .wellKnown, typeName: name, payload: payload)
    }
}

/// Builds an owned Smart Poster from its checked parts.
private struct SmartPosterBuilder: SmartPosterPartSink {
    // Parts go straight into one record, which starts with a placeholder URI: copying them
    // out of separate fields cost more retains and releases than the rest of the decode.
    var poster = SmartPosterRecord(uri: URIRecord(uri: ""))

    mutating func add(_ part: SmartPosterPartView) {
        switch part {
        case .uri(let uri): poster.uri = URIRecord(uri)
        case .title(let title): poster.titles.append(TextRecord(title))
        case .action(let action): poster.action = action
        case .size(let size): poster.size = size
        case .resourceType(let type): poster.resourceType = PayloadText.string(type)
        case .icon(let icon): poster.icons.append(MIMERecord(icon))
        case .other(let record): poster.otherRecords.append(record.record())
        }
    }
}
