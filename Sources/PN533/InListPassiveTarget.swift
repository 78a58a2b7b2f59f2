/// InListPassiveTarget (4A): poll for targets of one modulation and activate them. MaxTg
/// counts them; a PN533 handles one target at a time and takes only 1 (nfcpy's PN533 driver,
/// libnfc and Linux send nothing else; 2 is for the PN531 and PN532).
public enum PN533InListPassiveTarget {
    /// The most targets a PN533 lists at once (MaxTg).
    public static let maximumTargets: UInt8 = 1

    /// The request: MaxTg, BrTy, then the initiator data (for type A an optional UID with its
    /// cascade tags, for FeliCa the polling request, for type B the AFI).
    public static func request(
        maxTargets: UInt8, modulation: PN533Modulation, initiatorData: [UInt8] = []
    ) -> PN533Request {
        PN533Request(.inListPassiveTarget, [maxTargets, modulation.rawValue] + initiatorData)
    }
}
