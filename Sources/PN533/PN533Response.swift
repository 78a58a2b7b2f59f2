/// Parsers for the responses that carry no fields of their own.
public enum PN533Response {
    /// SetParameters, RFConfiguration, the RC-S360 reset: the response has no data at all.
    public static func requireEmpty(_ data: [UInt8], command: PN533Command) throws(PN533Error) {
        try PN533ResponseReader(data, command: command).finish()
    }

    /// InSelect, InDeselect, InRelease, TgResponseToInitiator, TgSetData, WriteRegister: the
    /// response is one status byte; throws the mapped failure unless it is success.
    public static func requireSuccess(_ data: [UInt8], command: PN533Command) throws(PN533Error) {
        var reader = PN533ResponseReader(data, command: command)
        _ = try reader.readSuccessStatus()
        try reader.finish()
    }
}
