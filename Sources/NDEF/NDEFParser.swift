/// Receives rule violations: strict decoding throws the first, lenient decoding keeps all.
protocol NDEFViolationSink {
    mutating func report(_ violation: NDEFError) throws(NDEFError)
}

struct NDEFStrictSink: NDEFViolationSink {
    func report(_ violation: NDEFError) throws(NDEFError) { throw violation }
}

struct NDEFLenientSink: NDEFViolationSink {
    var violations: [NDEFError] = []
    mutating func report(_ violation: NDEFError) { violations.append(violation) }
}

/// Walks the wire records of a message, enforces the NDEF rules (DESIGN §4) and hands each
/// logical record to a callback: an unchunked record as itself, a chunked one as its chunks.
struct NDEFParser<Sink: NDEFViolationSink> {
    let reader: NDEFWireReader
    var sink: Sink
    // Reused across chunked records so that walking a message allocates at most once.
    private var chunks: [NDEFWireRecord] = []

    init(bytes: UnsafeRawBufferPointer, payloadCap: Int, sink: Sink) {
        reader = NDEFWireReader(bytes: bytes, payloadCap: payloadCap)
        self.sink = sink
    }

    /// Parses the whole input. `emit` gets the first wire record and, for a chunked record,
    /// every chunk (empty otherwise). Structural errors are thrown in both modes.
    @inline(__always)
    mutating func parse(
        _ emit: (NDEFWireRecord, [NDEFWireRecord]) throws(NDEFError) -> Void
    ) throws(NDEFError) {
        let bytes = reader.bytes
        guard bytes.count > 0 else { throw NDEFError.emptyInput }
        var offset = 0
        var index = 0
        var inChunk = false
        var chunkedPayload = 0
        while true {
            let wire = try reader.record(at: offset, index: index)
            try check(wire, index: index, inChunk: inChunk)
            if inChunk || wire.header.isChunk {
                chunkedPayload += wire.payloadRange.count
                if chunkedPayload > reader.payloadCap {
                    throw NDEFError.payloadExceedsCap(
                        record: index, offset: wire.offset, length: chunkedPayload,
                        cap: reader.payloadCap)
                }
                chunks.append(wire)
                inChunk = wire.header.isChunk
                if !inChunk {
                    try emitChunks(emit)
                    chunkedPayload = 0
                }
            } else {
                try emit(wire, [])
            }
            offset = wire.end
            index += 1
            if wire.header.isMessageEnd {
                // ME inside a chunk was reported by `check`; a lenient caller still gets
                // what the chunks held.
                if inChunk { try emitChunks(emit) }
                if offset < bytes.count {
                    try sink.report(
                        .trailingBytes(
                            record: index - 1, offset: offset, count: bytes.count - offset))
                }
                return
            }
            if offset == bytes.count {
                if inChunk {
                    try sink.report(.unterminatedChunk(record: index - 1, offset: offset))
                    try emitChunks(emit)
                } else {
                    try sink.report(.messageEndMissing(record: index - 1, offset: offset))
                }
                return
            }
        }
    }

    private mutating func emitChunks(
        _ emit: (NDEFWireRecord, [NDEFWireRecord]) throws(NDEFError) -> Void
    ) throws(NDEFError) {
        try emit(chunks[0], chunks)
        chunks.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private mutating func check(
        _ wire: NDEFWireRecord, index: Int, inChunk: Bool
    ) throws(NDEFError) {
        let header = wire.header
        let at = wire.offset
        if index == 0 && !header.isMessageBegin {
            try sink.report(.messageBeginMissing(record: index, offset: at))
        } else if index > 0 && header.isMessageBegin {
            try sink.report(.messageBeginRepeated(record: index, offset: at))
        }
        let tnf = header.typeNameFormat
        let typeLength = wire.typeRange.count
        if tnf == .reserved {
            try sink.report(.reservedTypeNameFormat(record: index, offset: at))
        }
        if inChunk {
            if tnf != .unchanged {
                try sink.report(.chunkNotUnchanged(record: index, offset: at, typeNameFormat: tnf))
            }
            if typeLength > 0 {
                try sink.report(.chunkHasType(record: index, offset: at + 1, length: typeLength))
            }
            if header.hasIdentifierLength {
                try sink.report(.chunkHasIdentifier(record: index, offset: at))
            }
        } else {
            switch tnf {
            case .unchanged:
                try sink.report(.unchangedOutsideChunk(record: index, offset: at))
            case .empty:
                try checkEmpty(wire, index: index)
            case .unknown:
                if typeLength > 0 {
                    try sink.report(
                        .typeNotAllowed(
                            record: index, offset: at + 1, typeNameFormat: tnf, length: typeLength))
                }
            case .wellKnown, .media, .absoluteURI, .external:
                if typeLength == 0 {
                    try sink.report(
                        .typeMissing(record: index, offset: at + 1, typeNameFormat: tnf))
                }
            case .reserved:
                break
            }
            if typeLength > 0 && tnf != .unchanged {
                try checkASCII(wire.typeRange, index: index)
            }
        }
        if header.isChunk && header.isMessageEnd {
            try sink.report(.messageEndInsideChunk(record: index, offset: at))
        }
    }

    private mutating func checkEmpty(_ wire: NDEFWireRecord, index: Int) throws(NDEFError) {
        for (field, range) in [
            (NDEFField.type, wire.typeRange), (.identifier, wire.identifierRange),
            (.payload, wire.payloadRange),
        ] where !range.isEmpty {
            try sink.report(
                .emptyRecordHasContent(
                    record: index, offset: wire.offset, field: field, length: range.count))
        }
    }

    @inline(__always)
    private mutating func checkASCII(_ range: Range<Int>, index: Int) throws(NDEFError) {
        for position in range {
            let byte = reader.bytes[position]
            if byte < 0x20 || byte > 0x7E {
                try sink.report(.typeNotASCII(record: index, offset: position, byte: byte))
                return
            }
        }
    }
}
