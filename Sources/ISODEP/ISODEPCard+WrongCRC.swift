import PN533
import PacketTrace

extension ISODEPCard {
    /// Sends `bytes` to the reader with the two CRC_A bytes inverted, as a frame hit by
    /// noise arrives: the chip's own CRC is switched off (CIU_TxMode's TxCRCEn) for this one
    /// frame and the wrong bytes appended by hand, then CIU_TxMode is put back as it was. A
    /// reader's chip then reports a CRC error, as it would for a real corrupted frame.
    func respondWithWrongCRC(_ bytes: [UInt8]) async throws(PN533Error) {
        let saved = try await device.readRegisters([CIURegister.txMode])[0]
        try await device.writeRegisters([(CIURegister.txMode, saved & 0x7F)])
        let wrong = CRCA.checksum(bytes).map { ~$0 }
        do {
            try await device.respondToInitiator(bytes + wrong)
        } catch {
            try? await device.writeRegisters([(CIURegister.txMode, saved)])
            throw error
        }
        try await device.writeRegisters([(CIURegister.txMode, saved)])
    }
}
