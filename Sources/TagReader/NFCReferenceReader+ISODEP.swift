import ISODEP
import PN533

extension NFCReferenceReader {
    /// Who exchanges APDUs with the connected ISO/IEC 14443-4 tag: the chip's own ISO-DEP
    /// (InDataExchange), or the host's when an ISO-DEP fault puts it in the chip's place (one
    /// per connection, as its block numbers follow the card's).
    func isoDEPTransceiver(_ tag: NFCTag) throws(NFCReaderError) -> any APDUTransceiver {
        guard let isoDEP = configuration.faults.hostISODEP else {
            return ChipISODEPTransceiver(
                device: device, target: tag.target.tg, timeout: chipExchangeTimeout(tag))
        }
        if let hostISODEP { return hostISODEP }
        do throws(ISODEPError) {
            guard let ats = tag.target.ats else { throw .notActivated }
            let reader = try ISODEPReader(
                link: CommunicateThruLink(device: device),
                ats: configuration.faults.isoDEP.ats(ats), configuration: isoDEP,
                // Never consulted: the chip activated the card (RATS, and the guard time
                // after the ATS) before the host took its blocks.
                scheduler: ContinuousISODEPScheduler())
            hostISODEP = reader
            return reader
        } catch {
            throw .tagConnectionLost(.isodep(error))
        }
    }

    /// The host's timeout for one InDataExchange: the configured one, and on top the card's
    /// frame waiting time once for every try the chip makes (MaxRtyCOM recoveries and the
    /// first), so that a card of FWI 14 (FWT about 4.9 s) that loses an answer is still
    /// asked again by the chip before the host gives up on it.
    func chipExchangeTimeout(_ tag: NFCTag) -> Duration {
        let recoveries = configuration.faults.noChipRecovery ? 0 : configuration.isoDEPRecoveries
        guard let bytes = tag.target.ats, let ats = try? ATS(bytes: bytes) else {
            return configuration.exchangeTimeout
        }
        return configuration.exchangeTimeout + ats.frameWaitingTime * (Int(recoveries) + 1)
    }
}
