extension NDEFRecord {
    /// Runs a payload parser over this record's TYPE and PAYLOAD bytes after checking that the
    /// record is of the format (and, for well-known records, the RTD name) the parser reads.
    func decodeFields<Result>(
        as format: TypeNameFormat, wellKnown name: StaticString? = nil,
        _ parse: (_ type: UnsafeRawBufferPointer, _ payload: UnsafeRawBufferPointer)
            throws(RTDError) -> Result
    ) throws(RTDError) -> Result {
        guard typeNameFormat == format, name.map({ isWellKnown($0) }) ?? true else {
            let expected = name.map { "\(format.name) \"\($0)\"" } ?? format.name
            throw .typeMismatch(
                expected: expected, actual: "\(typeNameFormat.name) \"\(typeName)\"")
        }
        return try type.withUnsafeBufferPointer { (type) throws(RTDError) in
            try payload.withUnsafeBufferPointer { (payload) throws(RTDError) in
                try parse(UnsafeRawBufferPointer(type), UnsafeRawBufferPointer(payload))
            }
        }
    }
}
