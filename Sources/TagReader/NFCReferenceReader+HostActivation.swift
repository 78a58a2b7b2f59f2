import ISODEP
import PN533

/// The two ISO-DEP faults that reach past the exchange of blocks into polling:
/// `ignores-sfgi`, where the host activates each listed card itself (RATS over
/// InCommunicateThru, as nfcpy does) instead of the chip, and `needs-deselect-answer`, where
/// the host deselects each card it counts and insists on the answer.
extension NFCReferenceReader {
    /// Whether the host activates ISO-DEP itself (`ignores-sfgi`): the chip then lists
    /// ISO/IEC 14443-4 cards without sending RATS (fAutomaticRATS off).
    var activatesISODEPOnHost: Bool { configuration.faults.isoDEP.contains(.ignoresSFGI) }

    /// `target` as listed, or, when the host activates ISO-DEP, with the ATS the host's RATS
    /// brought; the host's ISO-DEP that sent it becomes `hostISODEP`, as the card the chip
    /// listed last is the one it has selected.
    ///
    /// - Throws: `tagConnectionLost` when the card gives no usable ATS.
    func activatedOnHost(_ target: PassiveTarget) async throws(NFCReaderError) -> PassiveTarget {
        guard activatesISODEPOnHost, target.supportsISODEP, target.ats == nil,
            let isoDEP = configuration.faults.hostISODEP
        else { return target }
        // The fault's reader skips the guard time, the one wait its scheduler would time.
        let reader = ISODEPReader(
            link: CommunicateThruLink(device: device), configuration: isoDEP,
            scheduler: ContinuousISODEPScheduler())
        do throws(ISODEPError) {
            let ats = try await reader.activate()
            var activated = target
            activated.ats = ats.encode()
            hostISODEP = reader
            return activated
        } catch {
            throw .tagConnectionLost(.isodep(error))
        }
    }

    /// The host's part in letting a counted card go: with `ignores-sfgi` the host sends the
    /// S(DESELECT) the chip would have sent for a card it activated (a card that does not
    /// answer is let go all the same); with `needs-deselect-answer` the host sends it in the
    /// chip's place and gives the poll up when no S(DESELECT) comes back. Whether the chip's
    /// InDeselect must still let the card go.
    ///
    /// - Throws: `tagConnectionLost` with the failed S(DESELECT) (`needs-deselect-answer`).
    func deselectOnHost(_ target: PassiveTarget) async throws(NFCReaderError) -> Bool {
        if activatesISODEPOnHost, let hostISODEP {
            try? await hostISODEP.deselect()
            return true
        }
        guard configuration.faults.isoDEP.contains(.needsDeselectAnswer), let bytes = target.ats,
            let isoDEP = configuration.faults.hostISODEP
        else { return true }
        do throws(ISODEPError) {
            let reader = ISODEPReader(
                link: CommunicateThruLink(device: device),
                ats: try configuration.faults.isoDEP.ats(bytes), configuration: isoDEP,
                scheduler: ContinuousISODEPScheduler())
            try await reader.deselect()
            return false
        } catch {
            throw .tagConnectionLost(.isodep(error))
        }
    }
}
