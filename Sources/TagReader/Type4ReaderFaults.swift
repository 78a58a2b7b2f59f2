/// Deliberate faults of the reference reader's Type 4 procedures (issue 22), each a bug
/// reader stacks shipped with, for the `t4t-layout` suite to catch (`--dut-fault`).
public struct Type4ReaderFaults: ReaderFaultSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `select-without-le`: the NDEF application SELECT (mapping 2.0/3.0 name) goes without
    /// Le, which the T4T 2.0 command carries (nfcpy before nfcpy/nfcpy#168).
    public static let selectWithoutLe = Type4ReaderFaults(rawValue: 1 << 0)
    /// `extended-cc-read`: the CC's mandatory bytes are read with an extended-length READ
    /// BINARY, before MLe says the tag takes one (openwallet-foundation/multipaz#96, #166).
    public static let extendedCCRead = Type4ReaderFaults(rawValue: 1 << 1)
    /// `hardcoded-cc-size`: the CC is read as 15 bytes (17 with an ENDEF File Control TLV)
    /// whatever CCLEN says, so a CC with more TLVs does not decode (hsanjuan/go-nfctype4#3).
    public static let hardcodedCCSize = Type4ReaderFaults(rawValue: 1 << 2)
    /// `reads-past-file`: NLEN (ENLEN) is trusted without checking it against the NDEF file
    /// size the CC announces, so the reader asks for bytes past the end of the file.
    public static let readsPastFile = Type4ReaderFaults(rawValue: 1 << 3)
    /// `rejects-proprietary-access`: a write access byte 80...FE (proprietary) makes the tag
    /// not NDEF (NXPNFCLinux/linux_libnfc-nci#33).
    public static let rejectsProprietaryAccess = Type4ReaderFaults(rawValue: 1 << 4)
    /// `accepts-unknown-mapping`: a CC whose major mapping version the reader does not know
    /// (4.0) is read as 2.0 (3.0 with an ENDEF TLV) instead of refused.
    public static let acceptsUnknownMapping = Type4ReaderFaults(rawValue: 1 << 5)

    /// Every fault with its `--dut-fault` name, in the order `ReaderFaults.specs` lists them.
    public static let named: [(name: String, fault: Type4ReaderFaults)] = [
        ("select-without-le", .selectWithoutLe), ("extended-cc-read", .extendedCCRead),
        ("hardcoded-cc-size", .hardcodedCCSize), ("reads-past-file", .readsPastFile),
        ("rejects-proprietary-access", .rejectsProprietaryAccess),
        ("accepts-unknown-mapping", .acceptsUnknownMapping),
    ]
}
