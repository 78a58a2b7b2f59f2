/// InDataExchange (40): send data to an activated target through the chip's protocol
/// handling (ISO/IEC 14443-4, DEP, MIFARE, FeliCa); the response is `PN533DataResponse`.
public enum PN533InDataExchange {
    /// The request: Tg (with MI, bit 6, when more host data follows), then the data. A
    /// follow-up after a response with MI set carries no data.
    public static func request(
        target: UInt8, _ data: [UInt8] = [], moreInformation: Bool = false
    ) -> PN533Request {
        // One allocation: `+` with the single byte first reserves the whole length.
        PN533Request(
            .inDataExchange, CollectionOfOne(target | (moreInformation ? 0x40 : 0x00)) + data)
    }
}
