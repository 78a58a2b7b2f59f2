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
        if payload.isEmpty { throw .uriRecordCount(count: 0) }
        // Parts go straight into one record, which starts with a placeholder URI: copying them
        // out of a separate builder cost more retains and releases than the rest of the decode.
        var poster = SmartPosterRecord(uri: URIRecord(uri: ""))
        var uriCount = 0
        var failure: RTDError?
        do {
            try NDEFDecoder().forEachRecord(in: payload) { view in
                guard failure == nil else { return }
                do throws(RTDError) {
                    try SmartPosterParts.add(view, to: &poster, uriCount: &uriCount)
                } catch {
                    failure = error
                }
            }
        } catch {
            throw .nestedMessage(error)
        }
        if let failure { throw failure }
        guard uriCount == 1 else { throw .uriRecordCount(count: uriCount) }
        self = consume poster
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

/// Reads the nested records of a Smart Poster into it, one at a time as the nested message is
/// walked in place.
private enum SmartPosterParts {
    static func add(
        _ view: NDEFRecordView, to poster: inout SmartPosterRecord, uriCount: inout Int
    ) throws(RTDError) {
        let index = view.index
        let payload = view.payload
        let name = view.typeNameFormat == .wellKnown ? WellKnownName(view.type) : .other
        switch name {
        case .uri:
            uriCount += 1
            if uriCount == 1 {
                poster.uri = try nested(index) { () throws(RTDError) in
                    try URIRecord(payload: payload)
                }
            }
        case .text:
            let title = try nested(index) { () throws(RTDError) in try TextRecord(payload: payload)
            }
            if poster.titles.contains(where: {
                ASCIICase.equal($0.language.utf8, title.language.utf8)
            }) {
                throw .duplicateTitleLanguage(language: title.language, record: index)
            }
            poster.titles.append(title)
        case .action:
            if poster.action != nil { throw .duplicateRecord(field: .action, record: index) }
            poster.action = try nested(index) { () throws(RTDError) in try Self.action(payload) }
        case .size:
            if poster.size != nil { throw .duplicateRecord(field: .size, record: index) }
            poster.size = try nested(index) { () throws(RTDError) in try Self.size(payload) }
        case .resourceType:
            if poster.resourceType != nil {
                throw .duplicateRecord(field: .resourceType, record: index)
            }
            poster.resourceType = try nested(index) { () throws(RTDError) in
                try PayloadText.utf8String(payload, field: .resourceType, base: 0)
            }
        case .smartPoster, .other:
            if view.typeNameFormat == .media && MIMERecord.isIconType(view.type) {
                poster.icons.append(
                    try nested(index) { () throws(RTDError) in
                        try MIMERecord(type: view.type, payload: payload)
                    })
            } else {
                poster.otherRecords.append(view.record())
            }
        }
    }

    private static func nested<T>(_ index: Int, _ decode: () throws(RTDError) -> T) throws(RTDError)
        -> T
    {
        do throws(RTDError) {
            return try decode()
        } catch {
            throw .nestedRecord(record: index, error: error)
        }
    }

    private static func action(_ payload: UnsafeRawBufferPointer) throws(RTDError)
        -> SmartPosterAction
    {
        guard payload.count == 1 else {
            throw .lengthInvalid(field: .action, offset: 0, length: payload.count, expected: 1)
        }
        guard let action = SmartPosterAction(rawValue: payload[0]) else {
            throw .valueUndefined(field: .action, offset: 0, value: payload[0])
        }
        return action
    }

    private static func size(_ payload: UnsafeRawBufferPointer) throws(RTDError) -> UInt32 {
        guard payload.count == 4 else {
            throw .lengthInvalid(field: .size, offset: 0, length: payload.count, expected: 4)
        }
        return payload.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
