import PN533Sim

extension AssembledRig {
    /// The bit rates, in kbps, at which the rig's emulators present their type A tags: what a
    /// latency measurement ran at.
    ///
    /// A PN533 in target mode is activated as a passive type A target at 106 kbps only:
    /// anticollision is at fc/128 (ISO/IEC 14443-3), and a faster rate would need a PPS
    /// after RATS (ISO/IEC 14443-4 §5.3), which the chip in target mode leaves to its host
    /// and nfcrig's emulators do not offer (nfcpy's pn533 driver listens as a type A target
    /// at 106 kbps only; libnfc decodes the rate from TgInitAsTarget's mode byte, which for a
    /// type A activation is 106 kbps). A simulated field times every frame at the one rate
    /// its `AirTiming` has (106 kbps unless a benchmark sets another).
    public var typeABitRatesKbps: [Int] {
        [field?.timing.bitRate.rawValue ?? Self.targetModeTypeAKbps]
    }

    /// The one rate a PN533 in target mode is activated at as a type A tag.
    public static let targetModeTypeAKbps = 106
}
