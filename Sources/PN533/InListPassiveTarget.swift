/// InListPassiveTarget (4A): poll for up to two targets of one modulation and activate them.
public enum PN533InListPassiveTarget {
    /// The most targets the PN533 lists at once (MaxTg).
    public static let maximumTargets: UInt8 = 2

    /// The request: MaxTg, BrTy, then the initiator data (for type A an optional UID with its
    /// cascade tags, for FeliCa the polling request, for type B the AFI).
    public static func request(
        maxTargets: UInt8, modulation: PN533Modulation, initiatorData: [UInt8] = []
    ) -> PN533Request {
        PN533Request(.inListPassiveTarget, [maxTargets, modulation.rawValue] + initiatorData)
    }
}
