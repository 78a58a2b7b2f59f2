/// TgInitAsTarget (8C): configure the chip as a target and wait for an initiator.
public enum PN533TgInitAsTarget {
    /// The request: Mode, MIFARE parameters (SENS_RES, NFCID1t, SEL_RES), FeliCa parameters,
    /// NFCID3t, then Gt and Tk each after its length byte. The RC-S360 takes Gt with no length
    /// byte and no Tk at all.
    ///
    /// - Throws: `.invalidRequest` when a field has the wrong length.
    public static func request(
        _ configuration: TargetConfiguration, chip: PN533Chip = .pn533
    ) throws(PN533Error) -> PN533Request {
        let command = PN533Command.tgInitAsTarget
        try PN533Request.require(
            configuration.sensRes, count: 2, field: "SENS_RES", command: command)
        try PN533Request.require(
            configuration.nfcid1t, count: 3, field: "NFCID1t", command: command)
        try PN533Request.require(
            configuration.felicaParameters, count: 18, field: "FeliCaParams", command: command)
        try PN533Request.require(
            configuration.nfcid3t, count: 10, field: "NFCID3t", command: command)
        var data = [configuration.mode.rawValue] + configuration.sensRes + configuration.nfcid1t
        data += [configuration.selRes] + configuration.felicaParameters + configuration.nfcid3t
        if chip == .rcs360 {
            data += configuration.generalBytes
        } else {
            data += try PN533Request.lengthPrefixed(
                configuration.generalBytes, field: "Gt", maximum: 47, command: command)
            data += try PN533Request.lengthPrefixed(
                configuration.historicalBytes, field: "Tk", maximum: 48, command: command)
        }
        return PN533Request(command, data)
    }
}
