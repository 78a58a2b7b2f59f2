extension NDEFDecoder {
    /// `forEachRecord(in:_:)` for a byte array. The generic entry point is not specialised
    /// across modules, and looking up its generic metadata on every call cost as much as
    /// walking a short message; this overload runs the specialised walk.
    public func forEachRecord(
        in bytes: [UInt8], _ body: (NDEFRecordView) throws(NDEFError) -> Void
    ) throws(NDEFError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(NDEFError) in
            try forEachRecord(in: UnsafeRawBufferPointer(buffer), body)
        }
    }
}
