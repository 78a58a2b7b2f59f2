import ISODEP
import TagFormat

extension APDUTransceiver {
    /// One command APDU exchanged and its answer decoded, failures as the reader reports
    /// them: the link's as `NFCReaderError(_:)` maps them, an answer shorter than a status
    /// word as a tag response error.
    nonisolated(nonsending) func send(_ command: CommandAPDU) async throws(NFCReaderError)
        -> ResponseAPDU
    {
        let bytes: [UInt8]
        do throws(ISODEPError) {
            bytes = try await transceive(command.encoded())
        } catch {
            throw NFCReaderError(error)
        }
        do throws(APDUError) {
            return try ResponseAPDU(decoding: bytes)
        } catch {
            throw .tagResponseError(.malformedResponse(error, command: command))
        }
    }
}
