import ISODEP

/// APDUs straight into a test tag, no chip or air in between.
struct InMemoryTransceiver: APDUTransceiver {
    let tag: Type4TestTag

    func transceive(_ apdu: [UInt8]) async throws(ISODEPError) -> [UInt8] {
        tag.respond(to: apdu)
    }
}
