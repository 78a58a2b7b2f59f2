import Foundation

/// A Smart Poster payload checked in place, without copying: the nested message is walked and
/// every rule checked, but only counts and scalars are kept. Valid only while the buffer the
/// payload was read from is alive and unchanged (like `NDEFRecordView`); nested records are
/// visited lazily.
public struct SmartPosterRecordView {
    /// The nested message.
    public let payload: UnsafeRawBufferPointer
    /// The number of titles ("T" records), at most one per language.
    public let titleCount: Int
    /// The action record ("act").
    public let action: SmartPosterAction?
    /// The size of the resource the URI points to ("s"), in bytes.
    public let size: UInt32?
    /// Whether there is a type record ("t").
    public let hasResourceType: Bool
    /// The number of icons: media records of an `image/*` or `video/*` type.
    public let iconCount: Int
    /// The number of nested records of any other kind.
    public let otherRecordCount: Int
    // A chunked URI record is reassembled in a buffer that does not outlive the walk, so only
    // an unchunked one can be kept; `withURI` walks again for the other.
    private let unchunkedURI: URIRecordView?

    /// Checks a Smart Poster payload.
    /// - Throws: `RTDError` when the nested message is not valid NDEF, holds other than one
    ///   URI record, repeats a title language or an action/size/type record, or a nested
    ///   record does not decode (`nestedRecord`, with its index).
    public init(payload: UnsafeRawBufferPointer) throws(RTDError) {
        var ignored = IgnoredSmartPosterParts()
        try self.init(payload: payload, sink: &ignored)
    }

    /// Checks a Smart Poster payload, handing `sink` each part as it is checked (parts of a
    /// poster that turns out to be invalid included).
    init<Sink: SmartPosterPartSink>(payload: UnsafeRawBufferPointer, sink: inout Sink)
        throws(RTDError)
    {
        if payload.isEmpty { throw .uriRecordCount(count: 0) }
        var scan = SmartPosterScan()
        try withUnsafeTemporaryAllocation(byteCount: payload.count, alignment: 1) {
            (storage) throws(RTDError) in
            var languages = SmartPosterTitleLanguages(storage: storage)
            var failure: RTDError?
            do throws(NDEFError) {
                try NDEFDecoder().forEachRecord(in: payload) { view in
                    guard failure == nil else { return }
                    do throws(RTDError) {
                        if let part = try scan.add(view, languages: &languages) {
                            sink.add(part)
                        }
                    } catch {
                        failure = error
                    }
                }
            } catch {
                throw .nestedMessage(error)
            }
            if let failure { throw failure }
        }
        guard scan.uriCount == 1 else { throw .uriRecordCount(count: scan.uriCount) }
        self.payload = payload
        titleCount = scan.titleCount
        action = scan.action
        size = scan.size
        hasResourceType = scan.hasResourceType
        iconCount = scan.iconCount
        otherRecordCount = scan.otherRecordCount
        unchunkedURI = scan.unchunkedURI
    }

    /// Visits the nested records in order, as the poster's rules read them; each part is valid
    /// only inside `body`.
    public func forEachPart(_ body: (SmartPosterPartView) -> Void) {
        withoutActuallyEscaping(body) { body in
            var sink = VisitedSmartPosterParts(visit: body)
            // The payload was checked when this view was made, so the walk cannot fail.
            _ = try? SmartPosterRecordView(payload: payload, sink: &sink)
        }
    }

    /// Visits the URI record; the view is valid only inside `body`.
    public func withURI(_ body: (URIRecordView) -> Void) {
        if let unchunkedURI { return body(unchunkedURI) }
        forEachPart { part in
            if case .uri(let uri) = part { body(uri) }
        }
    }

    /// Visits the titles in order; each view is valid only inside `body`.
    public func forEachTitle(_ body: (TextRecordView) -> Void) {
        forEachPart { part in
            if case .title(let title) = part { body(title) }
        }
    }
}

/// What checking a Smart Poster's nested message has met so far.
private struct SmartPosterScan {
    var uriCount = 0
    var unchunkedURI: URIRecordView?
    var titleCount = 0
    var action: SmartPosterAction?
    var size: UInt32?
    var hasResourceType = false
    var iconCount = 0
    var otherRecordCount = 0

    /// Checks one nested record against the poster's rules.
    /// - Returns: the part it is; `nil` for a second URI record, which only counts.
    mutating func add(
        _ view: NDEFRecordView, languages: inout SmartPosterTitleLanguages
    ) throws(RTDError) -> SmartPosterPartView? {
        let index = view.index
        let payload = view.payload
        let name = view.typeNameFormat == .wellKnown ? WellKnownName(view.type) : .other
        switch name {
        case .uri:
            uriCount += 1
            guard uriCount == 1 else { return nil }
            let uri = try nested(index) { () throws(RTDError) in
                try URIRecordView(payload: payload)
            }
            if view.chunkCount == 1 { unchunkedURI = uri }
            return .uri(uri)
        case .text:
            let title = try nested(index) { () throws(RTDError) in
                try TextRecordView(payload: payload)
            }
            if languages.contains(title.language) {
                throw .duplicateTitleLanguage(
                    language: PayloadText.string(title.language, isASCII: true), record: index)
            }
            languages.append(title.language)
            titleCount += 1
            return .title(title)
        case .action:
            if action != nil { throw .duplicateRecord(field: .action, record: index) }
            let action = try nested(index) { () throws(RTDError) in try Self.action(payload) }
            self.action = action
            return .action(action)
        case .size:
            if size != nil { throw .duplicateRecord(field: .size, record: index) }
            let size = try nested(index) { () throws(RTDError) in try Self.size(payload) }
            self.size = size
            return .size(size)
        case .resourceType:
            if hasResourceType { throw .duplicateRecord(field: .resourceType, record: index) }
            try nested(index) { () throws(RTDError) in
                try PayloadText.check(
                    payload, field: .resourceType, base: 0, rejectingControls: false)
            }
            hasResourceType = true
            return .resourceType(payload)
        case .smartPoster, .other:
            if view.typeNameFormat == .media && MIMERecord.isIconType(view.type) {
                let icon = try nested(index) { () throws(RTDError) in
                    try MIMERecordView(type: view.type, payload: payload)
                }
                iconCount += 1
                return .icon(icon)
            }
            otherRecordCount += 1
            return .other(view)
        }
    }

    private func nested<T>(_ index: Int, _ decode: () throws(RTDError) -> T) throws(RTDError)
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
