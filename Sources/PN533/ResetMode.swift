/// The Sony RC-S360's ResetMode `18 01` (DESIGN.md §3): returns its firmware's state machine
/// to mode 0. libnfc and nfcpy send it at open and follow it with an ACK; the response is
/// empty.
public enum PN533ResetMode {
    /// The request `18 01`.
    public static let request = PN533Request(.resetMode, [0x01])
}
