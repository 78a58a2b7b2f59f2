extension ATS {
    /// Reads an ATS, TL first (no CRC), as InListPassiveTarget reports it too.
    ///
    /// - Throws: `ATSError` when TL disagrees with the length, T0 sets its RFU bit, or T0
    ///   announces an interface byte the ATS is too short for.
    public init(bytes: some Collection<UInt8>) throws(ATSError) {
        let bytes = Array(bytes)
        guard let tl = bytes.first else { throw .empty }
        guard Int(tl) == bytes.count else { throw .lengthMismatch(tl: tl, count: bytes.count) }
        guard bytes.count > 1 else {
            self.init(fsci: nil, ta: nil, tb: nil, tc: nil, historicalBytes: [])
            return
        }
        let t0 = bytes[1]
        guard t0 & 0x80 == 0 else { throw .reservedBit(field: "T0", value: t0, offset: 1) }
        var offset = 2
        func interfaceByte(_ present: UInt8, _ field: String) throws(ATSError) -> UInt8? {
            guard t0 & present != 0 else { return nil }
            guard offset < bytes.count else { throw .truncated(field: field, offset: offset) }
            defer { offset += 1 }
            return bytes[offset]
        }
        let ta = try interfaceByte(0x10, "TA(1)")
        let tb = try interfaceByte(0x20, "TB(1)")
        let tc = try interfaceByte(0x40, "TC(1)")
        self.init(
            fsci: t0 & 0x0F, ta: ta, tb: tb, tc: tc, historicalBytes: Array(bytes[offset...]))
    }
}
