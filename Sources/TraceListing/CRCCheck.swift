/// What the listing found of a frame's CRC_A.
public enum CRCCheck: Sendable, Hashable {
    /// The frame carries none on the air (REQA, WUPA, ATQA, anticollision, UID, a Type 2
    /// ACK/NAK), or the record is no frame.
    case notCarried
    /// The capture dropped it (`TraceRecord.crcCaptured` false).
    case notCaptured
    /// Present and right.
    case ok
    /// Present and wrong, or too few bytes to hold one.
    case wrong

    /// The listing's CRC column: `ok`, `!!` for a wrong one, `--` for one not captured.
    public var column: String {
        switch self {
        case .notCarried: ""
        case .notCaptured: "--"
        case .ok: "ok"
        case .wrong: "!!"
        }
    }
}
