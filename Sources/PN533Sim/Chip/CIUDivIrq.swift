import PN533

/// CIU_DivIrq as the RF level detector drives it: RfOnIRq and RfOffIRq are set when the
/// external field the antenna senses comes on or goes off, and stay set until the host
/// clears them. A host that polls CIU_Status1's RFOn can miss a field reset shorter than its
/// polling interval (ISO/IEC 14443-3 allows 5 ms); these latched bits cannot.
///
/// The field counts its edges (`ExternalFieldEdges`); the register remembers the counts at
/// the host's last clear, so an edge since then shows as a set bit. The other bits (Set2
/// aside) are kept as the host writes them: the simulation raises no CRC, mode or SIGIN
/// interrupts.
struct CIUDivIrq: Sendable, Hashable {
    /// Bits set by a host write with Set2, or by the antenna moving: kept until cleared.
    private var latched: UInt8 = 0
    /// The field's edge counts when each bit was last cleared (or the antenna came in).
    private var cleared = ExternalFieldEdges()

    /// The register's value, given the field's edge counts now and whether the antenna is
    /// in the field (out of it, it senses no edges).
    func value(edges: ExternalFieldEdges, inField: Bool) -> UInt8 {
        var value = latched
        if inField, edges.rises > cleared.rises { value |= CIURegister.rfOnIRq }
        if inField, edges.falls > cleared.falls { value |= CIURegister.rfOffIRq }
        return value
    }

    /// A host write: with Set2 the bits written as 1 are set, without it they are cleared.
    mutating func write(_ value: UInt8, edges: ExternalFieldEdges) {
        let bits = value & ~CIURegister.set2
        if value & CIURegister.set2 != 0 {
            latched |= bits
            return
        }
        latched &= ~bits
        if bits & CIURegister.rfOnIRq != 0 { cleared.rises = edges.rises }
        if bits & CIURegister.rfOffIRq != 0 { cleared.falls = edges.falls }
    }

    /// The antenna moved into or out of the field (`inField` is where it is now). Carried
    /// into a field that is on, the chip senses the field come on; carried out, go off.
    /// Edges the antenna did not sense (while away) never show.
    mutating func antennaMoved(
        inField: Bool, edges: ExternalFieldEdges, externalFieldOn: Bool
    ) {
        if inField {
            cleared = edges
            if externalFieldOn { latched |= CIURegister.rfOnIRq }
        } else {
            latched = value(edges: edges, inField: true)
            if externalFieldOn { latched |= CIURegister.rfOffIRq }
        }
    }
}
