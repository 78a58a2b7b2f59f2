import PacketTrace

/// Decodes the records of one interface, in order: RF frames by ISO/IEC 14443-3 and -4,
/// their APDUs by ISO/IEC 7816-4 and the Type 4 Tag specification, Type 2 READ and WRITE;
/// USB transfers as PN533 frames. Whatever the protocol layers' decoders refuse is
/// annotated with a `?` and the reason, never dropped.
public struct TraceDecoder: Sendable {
    private var rf = RFFrameDecoder()

    /// A decoder at the start of a trace.
    public init() {}

    /// What `record` is, given the records before it.
    public mutating func annotate(_ record: TraceRecord) -> TraceAnnotation {
        record.kind.isRF ? rf.annotate(record) : PN533FrameDescription.annotate(record)
    }
}
