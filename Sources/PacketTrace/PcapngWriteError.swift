/// Why a trace cannot be written: each names the interface (its index in the section) and
/// the record (its index in that interface's records) at fault, and the value.
public enum PcapngWriteError: Error, Sendable, Hashable {
    /// A USB record on an RF interface or the other way round.
    case recordOnWrongInterface(interface: Int, record: Int, kind: TraceRecordKind)
    /// A field switch with bytes: the ISO 14443 pseudo-header gives it none.
    case fieldSwitchWithBytes(interface: Int, record: Int, count: Int)
    /// A frame longer than its link type can say: 65 535 bytes for ISO 14443 (a 2-byte
    /// length), less than 4 GiB for a block.
    case recordTooLong(interface: Int, record: Int, length: Int)
    /// pcapng timestamps are unsigned.
    case negativeTimestamp(interface: Int, record: Int, timestamp: Int64)
    /// A comment or name longer than the 65 535 bytes an option holds; `text` is its start.
    case optionTooLong(code: UInt16, length: Int, text: String)
}
