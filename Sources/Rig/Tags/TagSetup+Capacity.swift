import TagFormat

extension TagSetup {
    /// The largest message the tag holds: a Type 4 NDEF file less its NLEN or ENLEN, a Type 2
    /// data area less the TLVs around the message (0 for a setup no tag can have).
    public var messageCapacity: Int {
        switch self {
        case .type4(let setup):
            let field: NDEFFileLength =
                setup.mappingVersion >> 4 >= 3 ? .enlen : .nlen
            return field.messageCapacity(maximumFileSize: Int(setup.maximumFileSize))
        case .type2(let setup):
            return (try? Type2TagMemory.capacity(dataAreaSize: setup.dataAreaSize)) ?? 0
        }
    }
}
