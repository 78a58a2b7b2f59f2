/// Rules of T2T 1.1 a Type 2 Tag reader may break by reading more loosely than it should (the
/// tag's memory, or its answer to a WRITE):
/// each is a bug readers have had, kept here so that the reference reader's faults
/// (`--dut-fault`) can break the rule in the one place the rule is checked.
public struct Type2Leniency: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Any mapping major version in the CC is read as 1 (T2T 1.1 §6.1.1: a reader must not
    /// access a tag whose major version is above its own).
    public static let anyMajorVersion = Self(rawValue: 1 << 0)
    /// The Terminator TLV is taken for a NULL TLV and the walk goes on past it (§2.3.6: it
    /// is the last TLV).
    public static let pastTerminator = Self(rawValue: 1 << 1)
    /// A TLV whose length runs past the data area takes its value from the bytes after the
    /// data area (§2.3: TLVs lie inside the data area).
    public static let pastDataArea = Self(rawValue: 1 << 2)
    /// The reader writes blind: a tag counts as writable by its CC alone, its lock bits
    /// unread, and a WRITE answered NAK (or, after one, not at all) counts as done, so a
    /// write to a locked tag is reported done though the tag refused it (T2T 1.1: only the
    /// ACK confirms a WRITE).
    public static let blindWrite = Self(rawValue: 1 << 3)
    /// A TLV whose tag byte is the data area's last (or whose 3-byte length starts there)
    /// takes its length bytes from beyond the data area: only the tag byte is checked against
    /// the data area's end, as nfcpy 1.0.4 does (tt2.py `_read_ndef_data` and `read_tlv`).
    public static let headerPastDataArea = Self(rawValue: 1 << 4)
}
