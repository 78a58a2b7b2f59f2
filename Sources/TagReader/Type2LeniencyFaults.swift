import TagFormat

/// The `--dut-fault` names of the Type 2 leniencies (issue 22), each a reader bug the
/// `t2t-layout` refusal cases catch: the reference reader's Type 2 detection reads its tags
/// with `ReaderFaults.type2` in the one place each rule is checked (the CC decoding, the TLV
/// walk, the WRITE's answer).
extension Type2Leniency: ReaderFaultSet {
    /// Every fault with its `--dut-fault` name, in the order `ReaderFaults.specs` lists them:
    /// `ignores-cc-version` reads a tag of any CC major version as 1.x, `reads-past-terminator`
    /// walks on past the Terminator TLV, `reads-past-data-area` takes an NDEF TLV's value from
    /// beyond the data area when its length says so, `blind-type2-write` writes a tag its CC
    /// grants writing whatever its lock bits say and never looks at a WRITE's answer,
    /// `reads-tlv-header-past-data-area` takes a TLV's length bytes from beyond the data area
    /// when its tag byte is the area's last.
    public static let named: [(name: String, fault: Type2Leniency)] = [
        ("ignores-cc-version", .anyMajorVersion), ("reads-past-terminator", .pastTerminator),
        ("reads-past-data-area", .pastDataArea), ("blind-type2-write", .blindWrite),
        ("reads-tlv-header-past-data-area", .headerPastDataArea),
    ]
}
