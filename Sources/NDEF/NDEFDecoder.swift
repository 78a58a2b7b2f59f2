import Foundation

/// Decodes NDEF messages, strictly (first violation throws) or leniently (every violation
/// collected beside the records that could be decoded).
public struct NDEFDecoder: Sendable {
    /// The default payload cap: 16 MiB.
    public static let defaultPayloadCap = 16 << 20

    /// The largest payload accepted, per wire record and per reassembled record.
    public var payloadCap: Int

    /// Creates a decoder.
    public init(payloadCap: Int = NDEFDecoder.defaultPayloadCap) {
        self.payloadCap = payloadCap
    }

    /// Decodes a whole message, reassembling chunked records.
    /// - Throws: the first `NDEFError` in input order.
    @inlinable
    public func decode(_ bytes: some ContiguousBytes) throws(NDEFError) -> NDEFMessage {
        try withRawBytes(bytes) { (raw) throws(NDEFError) in try decodeRaw(raw) }
    }

    @usableFromInline
    func decodeRaw(_ raw: UnsafeRawBufferPointer) throws(NDEFError) -> NDEFMessage {
        do {
            var records: [NDEFRecord] = []
            var parser = NDEFParser(bytes: raw, payloadCap: payloadCap, sink: NDEFStrictSink())
            try parser.parse { (first, chunks) throws(NDEFError) in
                records.append(Self.ownedRecord(raw, first: first, chunks: chunks))
            }
            return NDEFMessage(records: records)
        }
    }

    /// Decodes what can be decoded and lists every violation, for reports that must show what
    /// a reader saw.
    @inlinable
    public func decodeLeniently(_ bytes: some ContiguousBytes) -> NDEFLenientResult {
        bytes.withUnsafeBytes { raw in decodeLenientlyRaw(raw) }
    }

    @usableFromInline
    func decodeLenientlyRaw(_ raw: UnsafeRawBufferPointer) -> NDEFLenientResult {
        var records: [NDEFRecord] = []
        var wires: [[NDEFWireRecord]] = []
        var parser = NDEFParser(bytes: raw, payloadCap: payloadCap, sink: NDEFLenientSink())
        do throws(NDEFError) {
            try parser.parse { (first, chunks) throws(NDEFError) in
                records.append(Self.ownedRecord(raw, first: first, chunks: chunks))
                wires.append(chunks.isEmpty ? [first] : chunks)
            }
        } catch {
            parser.sink.violations.append(error)
        }
        return NDEFLenientResult(
            message: NDEFMessage(records: records), violations: parser.sink.violations,
            wireRecords: wires)
    }

    /// Checks a message strictly without building records.
    /// - Returns: the number of logical records.
    @inlinable
    public func validate(_ bytes: some ContiguousBytes) throws(NDEFError) -> Int {
        try withRawBytes(bytes) { (raw) throws(NDEFError) in try validateRaw(raw) }
    }

    @usableFromInline
    func validateRaw(_ raw: UnsafeRawBufferPointer) throws(NDEFError) -> Int {
        do {
            var count = 0
            var parser = NDEFParser(bytes: raw, payloadCap: payloadCap, sink: NDEFStrictSink())
            try parser.parse { (_, _) throws(NDEFError) in count += 1 }
            return count
        }
    }

    /// Visits each record of a strictly valid message as a view into `bytes`, without copying
    /// unchunked records. A chunked record is reassembled into a buffer reused across records.
    /// The view is valid only inside `body`.
    @inlinable
    public func forEachRecord(
        in bytes: some ContiguousBytes, _ body: (NDEFRecordView) throws(NDEFError) -> Void
    ) throws(NDEFError) {
        try withRawBytes(bytes) { (raw) throws(NDEFError) in try forEachRecordRaw(raw, body) }
    }

    @usableFromInline
    func forEachRecordRaw(
        _ raw: UnsafeRawBufferPointer, _ body: (NDEFRecordView) throws(NDEFError) -> Void
    ) throws(NDEFError) {
        do {
            var parser = NDEFParser(bytes: raw, payloadCap: payloadCap, sink: NDEFStrictSink())
            var scratch: [UInt8] = []
            var index = 0
            try parser.parse { (first, chunks) throws(NDEFError) in
                defer { index += 1 }
                let type = UnsafeRawBufferPointer(rebasing: raw[first.typeRange])
                let identifier = UnsafeRawBufferPointer(rebasing: raw[first.identifierRange])
                if chunks.isEmpty {
                    try body(
                        NDEFRecordView(
                            index: index, typeNameFormat: first.header.typeNameFormat, type: type,
                            identifier: identifier,
                            payload: UnsafeRawBufferPointer(rebasing: raw[first.payloadRange]),
                            chunkCount: 1))
                    return
                }
                scratch.removeAll(keepingCapacity: true)
                for chunk in chunks {
                    scratch.append(
                        contentsOf: UnsafeRawBufferPointer(rebasing: raw[chunk.payloadRange]))
                }
                try scratch.withUnsafeBytesTyped { (payload) throws(NDEFError) in
                    try body(
                        NDEFRecordView(
                            index: index, typeNameFormat: first.header.typeNameFormat, type: type,
                            identifier: identifier, payload: payload, chunkCount: chunks.count))
                }
            }
        }
    }

    /// The wire records of a message as they are, chunks not reassembled and no rule but the
    /// length rules enforced: the level at which other stacks (ndeflib) report records.
    @inlinable
    public func wireRecords(in bytes: some ContiguousBytes) throws(NDEFError) -> [NDEFWireRecord] {
        try withRawBytes(bytes) { (raw) throws(NDEFError) in try wireRecordsRaw(raw) }
    }

    @usableFromInline
    func wireRecordsRaw(_ raw: UnsafeRawBufferPointer) throws(NDEFError) -> [NDEFWireRecord] {
        do {
            let reader = NDEFWireReader(bytes: raw, payloadCap: payloadCap)
            guard raw.count > 0 else { throw NDEFError.emptyInput }
            var result: [NDEFWireRecord] = []
            var offset = 0
            while offset < raw.count {
                let wire = try reader.record(at: offset, index: result.count)
                result.append(wire)
                offset = wire.end
                if wire.header.isMessageEnd { break }
            }
            return result
        }
    }

    static func ownedRecord(
        _ raw: UnsafeRawBufferPointer, first: NDEFWireRecord, chunks: [NDEFWireRecord]
    ) -> NDEFRecord {
        let header = first.header
        let payload: [UInt8]
        let layout: NDEFRecordLayout
        if chunks.isEmpty {
            payload = raw.copy(first.payloadRange)
            layout = NDEFRecordLayout(
                identifierLengthPresent: header.hasIdentifierLength,
                single: .init(payloadLength: payload.count, shortRecord: header.isShortRecord))
        } else {
            var total = 0
            for chunk in chunks { total += chunk.payloadRange.count }
            payload = [UInt8](filling: total) { buffer, count in
                var cursor = 0
                for chunk in chunks {
                    let source = UnsafeRawBufferPointer(rebasing: raw[chunk.payloadRange])
                    UnsafeMutableRawBufferPointer(
                        rebasing: UnsafeMutableRawBufferPointer(buffer)[
                            cursor..<cursor + source.count]
                    ).copyMemory(from: source)
                    cursor += source.count
                }
                count = total
            }
            layout = NDEFRecordLayout(
                identifierLengthPresent: header.hasIdentifierLength,
                chunks: chunks.map {
                    .init(
                        payloadLength: $0.payloadRange.count, shortRecord: $0.header.isShortRecord)
                })
        }
        return NDEFRecord(
            typeNameFormat: header.typeNameFormat,
            type: WellKnownTypes.array(for: UnsafeRawBufferPointer(rebasing: raw[first.typeRange])),
            identifier: raw.copy(first.identifierRange), payload: payload, layout: layout)
    }

    /// Decodes into `message`, reusing its records' storage: a reader that polls the same
    /// kind of tag again and again decodes without allocating once capacities have grown.
    /// On a throw `message` holds an unspecified prefix of records.
    @inlinable
    public func decode(_ bytes: some ContiguousBytes, into message: inout NDEFMessage)
        throws(NDEFError)
    {
        try withRawBytes(bytes) { (raw) throws(NDEFError) in try decodeRaw(raw, into: &message) }
    }

    @usableFromInline
    func decodeRaw(_ raw: UnsafeRawBufferPointer, into message: inout NDEFMessage)
        throws(NDEFError)
    {
        do {
            var used = 0
            var parser = NDEFParser(bytes: raw, payloadCap: payloadCap, sink: NDEFStrictSink())
            try parser.parse { (first, chunks) throws(NDEFError) in
                if used < message.records.count {
                    Self.overwrite(&message.records[used], raw, first: first, chunks: chunks)
                } else {
                    message.records.append(Self.ownedRecord(raw, first: first, chunks: chunks))
                }
                used += 1
            }
            message.records.removeLast(message.records.count - used)
        }
    }

    static func overwrite(
        _ record: inout NDEFRecord, _ raw: UnsafeRawBufferPointer, first: NDEFWireRecord,
        chunks: [NDEFWireRecord]
    ) {
        let header = first.header
        record.typeNameFormat = header.typeNameFormat
        record.type.replace(with: raw, first.typeRange)
        record.identifier.replace(with: raw, first.identifierRange)
        record.payload.removeAll(keepingCapacity: true)
        if chunks.isEmpty {
            record.payload.replace(with: raw, first.payloadRange)
            record.layout = NDEFRecordLayout(
                identifierLengthPresent: header.hasIdentifierLength,
                single: .init(
                    payloadLength: first.payloadRange.count, shortRecord: header.isShortRecord))
        } else {
            for chunk in chunks {
                record.payload.append(
                    contentsOf: UnsafeRawBufferPointer(rebasing: raw[chunk.payloadRange])
                        .assumingMemoryBound(to: UInt8.self))
            }
            record.layout = NDEFRecordLayout(
                identifierLengthPresent: header.hasIdentifierLength,
                chunks: chunks.map {
                    .init(
                        payloadLength: $0.payloadRange.count, shortRecord: $0.header.isShortRecord)
                })
        }
    }
}

/// What lenient decoding found: the records it could build and every rule broken.
public struct NDEFLenientResult: Sendable, Hashable {
    /// The records decoded before decoding had to stop (if it had to).
    public var message: NDEFMessage
    /// Every violation, in input order; empty when the message is valid.
    public var violations: [NDEFError]
    /// The wire records each decoded record came from, to point at bytes in the input.
    public var wireRecords: [[NDEFWireRecord]]

    /// Where byte `payloadOffset` of record `record`'s (reassembled) payload sits in the
    /// input: the wire record index and the input offset. `nil` when out of range.
    public func locate(record: Int, payloadOffset: Int) -> (wireRecord: Int, offset: Int)? {
        guard wireRecords.indices.contains(record), payloadOffset >= 0 else { return nil }
        let firstWire = wireRecords[..<record].reduce(0) { $0 + $1.count }
        var remaining = payloadOffset
        for (position, wire) in wireRecords[record].enumerated() {
            if remaining < wire.payloadRange.count || position == wireRecords[record].count - 1 {
                return (firstWire + position, wire.payloadRange.lowerBound + remaining)
            }
            remaining -= wire.payloadRange.count
        }
        return nil
    }
}

/// A record seen in place: the buffers are valid only inside the closure that receives it.
public struct NDEFRecordView {
    /// The logical record index (chunks of one record count once).
    public var index: Int
    /// The TNF field.
    public var typeNameFormat: TypeNameFormat
    /// The TYPE field.
    public var type: UnsafeRawBufferPointer
    /// The ID field.
    public var identifier: UnsafeRawBufferPointer
    /// The payload, reassembled when chunked.
    public var payload: UnsafeRawBufferPointer
    /// How many wire records carried it.
    public var chunkCount: Int

    /// Whether this record is a well-known record of the given RTD type name.
    public func isWellKnown(_ name: StaticString) -> Bool {
        typeNameFormat == .wellKnown && type.elementsEqual(name.utf8Buffer)
    }

    /// An owned copy of the record.
    public func record() -> NDEFRecord {
        NDEFRecord(
            typeNameFormat: typeNameFormat, type: Array(type), identifier: Array(identifier),
            payload: Array(payload))
    }
}

extension [UInt8] {
    /// Replaces the contents with a byte range, keeping capacity.
    @inline(__always)
    mutating func replace(with raw: UnsafeRawBufferPointer, _ range: Range<Int>) {
        removeAll(keepingCapacity: true)
        append(
            contentsOf: UnsafeRawBufferPointer(rebasing: raw[range]).assumingMemoryBound(
                to: UInt8.self))
    }
}

extension UnsafeRawBufferPointer {
    /// One copy of a byte range into a new array; an empty range allocates nothing.
    @inline(__always)
    func copy(_ range: Range<Int>) -> [UInt8] {
        [UInt8](filling: range.count) { buffer, count in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: self[range]))
            count = range.count
        }
    }
}

extension [UInt8] {
    /// `withUnsafeBytes` with the decoder's typed error.
    func withUnsafeBytesTyped<R>(
        _ body: (UnsafeRawBufferPointer) throws(NDEFError) -> R
    ) throws(NDEFError) -> R {
        try withRawBytes(self, body)
    }
}

/// `withUnsafeBytes` rethrows untyped errors; this keeps the decoder's errors typed.
@inlinable
func withRawBytes<R>(
    _ bytes: some ContiguousBytes, _ body: (UnsafeRawBufferPointer) throws(NDEFError) -> R
) throws(NDEFError) -> R {
    let result: Result<R, NDEFError> = bytes.withUnsafeBytes { raw in
        do throws(NDEFError) { return .success(try body(raw)) } catch { return .failure(error) }
    }
    return try result.get()
}
