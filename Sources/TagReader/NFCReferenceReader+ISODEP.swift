import ISODEP
import PN533

extension NFCReferenceReader {
    /// Who exchanges APDUs with the connected ISO/IEC 14443-4 tag: the chip's own ISO-DEP
    /// (InDataExchange), or the host's when an ISO-DEP fault puts it in the chip's place (one
    /// per connection, as its block numbers follow the card's).
    func isoDEPTransceiver(_ tag: NFCTag) throws(NFCReaderError) -> any APDUTransceiver {
        guard let isoDEP = configuration.faults.hostISODEP else {
            return ChipISODEPTransceiver(
                device: device, target: tag.target.tg, timeout: configuration.exchangeTimeout)
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
}
