/// The PN533's CIU (contactless interface unit) registers that hosts read and write with
/// ReadRegister / WriteRegister, and the bits of them nfcrig uses: one definition for the
/// emulators, the host-side ISO-DEP link and the simulated chip.
public enum CIURegister {
    /// CIU_TxMode: bit 7 TxCRCEn.
    public static let txMode: UInt16 = 0x6302
    /// CIU_RxMode: bit 7 RxCRCEn.
    public static let rxMode: UInt16 = 0x6303
    /// CIU_ManualRCV: bit 4 ParityDisable.
    public static let manualRCV: UInt16 = 0x630D
    /// CIU_DivIrq: bit 1 RfOnIRq (an external field came on), bit 0 RfOffIRq (the external
    /// field went off), kept until the host clears them; bit 7 Set2 says whether a write
    /// sets (1) or clears (0) the bits written as 1.
    public static let divIrq: UInt16 = 0x6335
    /// CIU_Status1: bit 2 RFOn, set while an external RF field is detected.
    public static let status1: UInt16 = 0x6337
    /// CIU_FIFOData: reading takes the next byte out of the CIU's 64-byte FIFO, writing
    /// puts one in.
    public static let fifoData: UInt16 = 0x6339
    /// CIU_FIFOLevel: bits 6..0 the bytes in the FIFO; writing bit 7 (FlushBuffer) empties it.
    public static let fifoLevel: UInt16 = 0x633A
    /// CIU_BitFraming: bits 2..0 TxLastBits (0 = whole byte).
    public static let bitFraming: UInt16 = 0x633D
    /// CIU_Status1's RFOn bit.
    public static let rfOn: UInt8 = 0x04
    /// CIU_DivIrq's RfOffIRq bit.
    public static let rfOffIRq: UInt8 = 0x01
    /// CIU_DivIrq's RfOnIRq bit.
    public static let rfOnIRq: UInt8 = 0x02
    /// CIU_DivIrq's Set2 bit.
    public static let set2: UInt8 = 0x80
}
