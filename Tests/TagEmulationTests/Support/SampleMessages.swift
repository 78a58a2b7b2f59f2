import NDEF
import NFCRigTestSupport

/// An encoded message of one media record whose payload has `payloadLength` bytes.
func mediaMessage(payloadLength: Int, fill: UInt8 = 0x61) -> [UInt8] {
    let record = NDEFRecord(
        typeNameFormat: .media, typeName: "text/plain",
        payload: Array(repeating: fill, count: payloadLength))
    do {
        return try NDEFEncoder().encode(NDEFMessage(record))
    } catch {
        preconditionFailure("test message does not encode: \(error)")
    }
}

/// `https://example.com` as a one-record URI message: `D1 01 0C 55 04 example.com`.
let exampleURIMessage = bytes("D1 01 0C 55 04 6578616D706C652E636F6D")
