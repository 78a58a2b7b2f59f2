/// When an emulated card asks the reader for more time with S(WTX).
public enum ISODEPWTXPolicy: Sendable, Hashable {
    /// Never: a slow handler makes the reader time out and send R(NAK).
    case never
    /// Before every answer, at once (a test hook); then as `whenSlow` with a fraction of 0.5.
    case always(multiplier: UInt8)
    /// Whenever the handler has not answered within `fraction` of the waiting time in force
    /// (FWT, or FWT × WTXM after an extension), counted from the command's arrival.
    case whenSlow(fraction: Double, multiplier: UInt8)

    /// The fraction `always` goes on with after its first extension.
    public static let defaultFraction = 0.5
}
