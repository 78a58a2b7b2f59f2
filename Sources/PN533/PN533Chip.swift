/// Which chip of the PN53x family answers, from its GetFirmwareVersion response.
public enum PN533Chip: Sendable, Hashable {
    /// NXP PN533 (IC 33, e.g. version 2.7); also the SCM SCL3711.
    case pn533
    /// Sony RC-S360 with the RC-S956 firmware: IC 33 with version 1, the "Sony ROM code" libnfc
    /// recognises; needs ResetMode `18 01` at open and differs in a few layouts.
    case rcs360
    /// NXP PN532 (IC 32).
    case pn532
    /// Any other IC byte.
    case unknown(ic: UInt8)

    /// Identifies the chip as libnfc does: the IC byte, and for IC 33 the version byte.
    public init(ic: UInt8, version: UInt8) {
        switch (ic, version) {
        case (0x33, 0x01): self = .rcs360
        case (0x33, _): self = .pn533
        case (0x32, _): self = .pn532
        default: self = .unknown(ic: ic)
        }
    }

    /// PN533 and PN532 put a status byte before the ReadRegister values; the RC-S956 does not.
    public var readRegisterHasStatusByte: Bool { self != .rcs360 }
}
