/// TgGetData (86) and TgSetData (8E): the target side of an NFC-DEP exchange.
public enum PN533TgData {
    /// TgGetData: no parameters; the response is `PN533DataResponse` (MI set when the
    /// initiator chains more data).
    public static let getData = PN533Request(.tgGetData)

    /// TgSetData: the data for the initiator; the chip answers with a status byte.
    public static func setData(_ data: [UInt8]) -> PN533Request {
        PN533Request(.tgSetData, data)
    }
}
