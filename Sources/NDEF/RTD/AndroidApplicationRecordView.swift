/// An Android Application Record's payload located and checked in place, without copying: the
/// package name points into the buffer the payload was read from and is valid only while it
/// is alive and unchanged (like `NDEFRecordView`).
public struct AndroidApplicationRecordView {
    /// The package name: non-empty UTF-8 without control characters.
    public let packageName: UnsafeRawBufferPointer

    /// Checks an Android Application Record's payload.
    /// - Throws: `RTDError` when it is empty, not UTF-8 or holds control characters.
    public init(payload: UnsafeRawBufferPointer) throws(RTDError) {
        if payload.isEmpty { throw .fieldEmpty(field: .packageName, offset: 0) }
        try PayloadText.check(payload, field: .packageName, base: 0, rejectingControls: true)
        packageName = payload
    }
}

extension AndroidApplicationRecord {
    /// Builds the owned record from a checked view.
    public init(_ view: AndroidApplicationRecordView) {
        self.init(packageName: PayloadText.string(view.packageName))
    }
}
