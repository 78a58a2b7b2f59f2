/// A FeliCa target InListPassiveTarget found at 212 or 424 kbps.
public struct FeliCaTarget: Sendable, Hashable {
    /// Logical target number.
    public var tg: UInt8
    /// The POL_RES response code (01).
    public var responseCode: UInt8
    /// NFCID2 (IDm), 8 bytes.
    public var idm: [UInt8]
    /// PMm (pad), 8 bytes.
    public var pmm: [UInt8]
    /// The system code, when the polling request asked for it.
    public var systemCode: [UInt8]?

    /// A target from its fields.
    public init(tg: UInt8, responseCode: UInt8, idm: [UInt8], pmm: [UInt8], systemCode: [UInt8]?) {
        self.tg = tg
        self.responseCode = responseCode
        self.idm = idm
        self.pmm = pmm
        self.systemCode = systemCode
    }
}
