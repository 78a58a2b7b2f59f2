import NDEF
import NFCRigTestSupport

/// Messages only the integration tests use.
extension TestMessages {
    static let oneRecord = uri("https://example.com/nfcrig")

    /// One `application/json` record of about `length` payload bytes.
    static func json(_ length: Int) -> NDEFMessage {
        var body = "{\"items\":["
        var index = 0
        while body.utf8.count < length - 32 {
            body += (index == 0 ? "" : ",") + "{\"id\":\(index),\"name\":\"item \(index)\"}"
            index += 1
        }
        body += "]}"
        return NDEFMessage(
            NDEFRecord(
                typeNameFormat: .media, typeName: "application/json", payload: Array(body.utf8)))
    }
}
