/// An external record located and checked in place, without copying: the fields point into the
/// buffers the record was read from and are valid only while they are alive and unchanged
/// (like `NDEFRecordView`).
public struct ExternalRecordView {
    /// The external type as written: printable US-ASCII `domain:name`.
    public let type: UnsafeRawBufferPointer
    /// The payload.
    public let payload: UnsafeRawBufferPointer

    /// Checks an external record's TYPE and locates its payload.
    /// - Throws: `RTDError` when the type is not `domain:name` in printable ASCII.
    public init(type: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) throws(RTDError) {
        try ExternalType.check(type)
        self.type = type
        self.payload = payload
    }

    /// The part of the type before the first ':'.
    public var domain: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: type[..<colon])
    }

    /// The part of the type after the first ':'.
    public var name: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: type[(colon + 1)...])
    }

    // A checked type has a colon.
    private var colon: Int { type.firstIndex(of: 0x3A) ?? type.count }
}

extension ExternalRecord {
    /// Builds the owned record from a checked view.
    public init(_ view: ExternalRecordView) {
        self.init(type: ExternalType(checked: view.type), payload: Array(view.payload))
    }
}
