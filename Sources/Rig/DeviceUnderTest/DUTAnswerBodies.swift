import NDEF

/// The shapes of a DUT's lines (DESIGN §6, docs/testing-your-reader.md), each decoded from
/// the whole line: only the fields it names are read, and a field a shape does not name
/// is ignored, as the protocol says. Optional fields may be absent or null.
enum DUTAnswerBody {
    /// What every line is first read for: an answer's `id`, an event's name.
    struct Head: Decodable {
        let id: DUTRequestID?
        let event: String?
    }

    /// A response's `ok`.
    struct Outcome: Decodable {
        let ok: Bool
    }

    /// A response with `"ok": false`: the error's name and what the DUT said.
    struct Failure: Decodable {
        let error: DUTErrorName
        let message: String?
    }

    /// `hello`.
    struct Hello: Decodable {
        let name: String
        let firmware: String
        let `protocol`: DUTCount?
        let isoDEP: DUTName<ISODEPHandling>?
        let adapterAdds: [DUTName<AdapterBehaviour>]?
        let behavesAs: DUTName<CoreNFCRole>?

        enum CodingKeys: String, CodingKey {
            case name, firmware, `protocol`
            case isoDEP = "iso_dep"
            case adapterAdds = "adapter_adds"
            case behavesAs = "behaves_as"
        }
    }

    /// `scan`.
    struct Scan: Decodable {
        let tags: [Tag]

        /// One tag found: its UID, hex.
        struct Tag: Decodable {
            let uid: DUTHexBytes
        }
    }

    /// `read`.
    struct Read: Decodable {
        let status: DUTName<DUTRead.Status>
        let capacity: DUTCount
        let ndef: DUTHexBytes?
        let records: [Record]?

        /// One record the DUT's application decoded, as `nfcrig ndef decode --json` writes it.
        struct Record: Decodable {
            let tnf: DUTName<TypeNameFormat>
            let typeHex: DUTHexBytes
            let idHex: DUTHexBytes
            let payloadHex: DUTHexBytes
        }
    }

    /// `select`.
    struct Select: Decodable {
        let aid: String?
        let historicalBytes: DUTHexBytes?
        let applicationData: DUTHexBytes?

        enum CodingKeys: String, CodingKey {
            case aid
            case historicalBytes = "historical_bytes"
            case applicationData = "application_data"
        }
    }

    /// `apdu`.
    struct APDU: Decodable {
        let response: DUTHexBytes?
    }

    /// `dispatch`.
    struct Dispatch: Decodable {
        let url: String?
    }
}
