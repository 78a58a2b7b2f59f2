@testable import NDEF

/// Bytes from hex written with or without spaces, as the vectors in these tests are.
func rtdBytes(_ hex: String) -> [UInt8] {
    let digits = hex.filter { !$0.isWhitespace }
    precondition(digits.count % 2 == 0, "odd number of hex digits in \(hex)")
    var bytes: [UInt8] = []
    var index = digits.startIndex
    while index < digits.endIndex {
        let next = digits.index(index, offsetBy: 2)
        bytes.append(UInt8(digits[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}

/// A well-known record, for building test messages.
func wellKnown(_ name: String, _ payload: [UInt8]) -> NDEFRecord {
    NDEFRecord(typeNameFormat: .wellKnown, typeName: name, payload: payload)
}

/// Decodes `payload` through the raw-buffer entry point the typed decode path uses.
func decodeURI(_ payload: [UInt8]) throws(RTDError) -> URIRecord {
    try payload.withUnsafeBufferPointer { (buffer) throws(RTDError) in
        try URIRecord(payload: UnsafeRawBufferPointer(buffer))
    }
}

/// Runs `body` and returns the `RTDError` it throws, or nil when it throws none.
func rtdError<T>(_ body: () throws(RTDError) -> T) -> RTDError? {
    do throws(RTDError) {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
