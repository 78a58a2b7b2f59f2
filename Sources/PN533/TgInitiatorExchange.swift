/// TgGetInitiatorCommand (88) and TgResponseToInitiator (90): the target side of a non-DEP
/// exchange, where the host answers every initiator command itself (DESIGN.md §3: RATS and
/// every ISO/IEC 14443-4 block included).
public enum PN533TgInitiatorExchange {
    /// TgGetInitiatorCommand: no parameters; the response is `PN533DataResponse`.
    public static let getInitiatorCommand = PN533Request(.tgGetInitiatorCommand)

    /// TgResponseToInitiator: the response bytes; the chip answers with a status byte.
    public static func responseToInitiator(_ data: [UInt8]) -> PN533Request {
        PN533Request(.tgResponseToInitiator, data)
    }
}
