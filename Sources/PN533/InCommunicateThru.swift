/// InCommunicateThru (42): send raw bytes to the target, framed only by the CIU (CRC,
/// parity) as configured; the response is `PN533DataResponse`.
public enum PN533InCommunicateThru {
    /// The request: the data, nothing else.
    public static func request(_ data: [UInt8]) -> PN533Request {
        PN533Request(.inCommunicateThru, data)
    }
}
