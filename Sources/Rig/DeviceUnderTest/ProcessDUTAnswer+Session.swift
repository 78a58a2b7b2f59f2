import NDEF

extension DUTAnswerBody {
    /// `session`: the messages the session detected and how it ended.
    struct Session: Decodable {
        let messages: [Message]
        let ended: DUTErrorName?

        /// One message, as a `read` answer gives it: bytes, records, either or both.
        struct Message: Decodable {
            let ndef: DUTHexBytes?
            let records: [Read.Record]?
        }
    }
}

extension ProcessDUTAnswer {
    /// The `session` response: each message needs its bytes or its records.
    func sessionReport() throws(DUTError) -> DUTSessionReport {
        let session = try decode(DUTAnswerBody.Session.self)
        if let index = session.messages.firstIndex(where: { $0.ndef == nil && $0.records == nil }) {
            throw .protocolViolation(
                line: line, reason: "\"messages[\(index)]\" needs \"ndef\" or \"records\"")
        }
        return DUTSessionReport(
            messages: session.messages.map { message in
                DUTDetectedMessage(
                    ndef: message.ndef?.bytes,
                    records: message.records?.map {
                        NDEFRecord(
                            typeNameFormat: $0.tnf.value, type: $0.typeHex.bytes,
                            identifier: $0.idHex.bytes, payload: $0.payloadHex.bytes)
                    })
            },
            ended: session.ended?.name)
    }
}
