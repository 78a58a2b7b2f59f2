import Rig
import TagFormat

/// The `iso7816` cases on 61XX and 6CXX, which the profiles judge differently: CoreNFC
/// hands the app the card's answer as it came (the app sends GET RESPONSE, or the command
/// again with the exact Le), and so does an NFC Forum reader; ISO/IEC 7816-3 lets a T=0
/// transport layer do either itself (§10.3.4), so under `iso14443` a reader may also
/// return the whole answer.
extension ISO7816Suite {
    /// 61XX: the first part as the card sent it, then GET RESPONSE for the rest.
    static func partsCase(_ id: String) -> ConformanceCase {
        let verbatim =
            "returns the first \(partLength) bytes with 61XX as the card sent them; GET RESPONSE "
            + "sent through it then fetches the rest"
        return cardCase(
            id,
            "hands on an answer in parts with 61XX, the rest fetched by GET RESPONSE",
            transportMayHandle(
                verbatim,
                or: "returns the whole \(partsAnswer.count) bytes with 9000, having fetched them "
                    + "itself"),
            rule: "ISO/IEC 7816-4:2005 §5.1.3 (Status bytes): 61XX says XX more bytes "
                + "wait for GET RESPONSE; ISO/IEC 7816-3's transport of APDUs by T=0 (clause "
                + "number not checked) lets a transport fetch them itself; CoreNFC's "
                + "NFCISO7816Tag.sendCommand(apdu:) returns the response data and SW1 SW2, and "
                + "Apple documents no GET RESPONSE of its own, so the app gets the answer as the "
                + "card sent it (nfcrig's reading of Apple's documentation)"
        ) { context async throws(CaseSteps.Stop) in
            try await selected(context, legacy)
            var response = try await apdu(context, partsCommand)
            if context.profile == .iso14443, response == partsAnswer + [0x90, 0x00] {
                return .pass
            }
            let first = Array(partsAnswer.prefix(partLength))
            let left = UInt8(partsAnswer.count - partLength)
            let judged = expect(response, first + [0x61, left], to: "the first part")
            guard judged.verdict == .pass else { return judged }
            var data: [UInt8] = []
            // Each part announces the next; the card has three.
            for _ in 0..<8 {
                data += response.dropLast(2)
                guard response.count >= 2, response[response.count - 2] == 0x61 else { break }
                response = try await apdu(context, [0x00, 0xC0, 0x00, 0x00, response.last ?? 0])
            }
            return expect(data + response.suffix(2), partsAnswer + [0x90, 0x00], to: "the parts")
        }
    }

    /// 6CXX: the card's answer as it came, then the command again with the exact Le.
    static func wrongLeCase(_ id: String) -> ConformanceCase {
        let verbatim =
            "returns 6C17 as the card sent it; the command again with Le 17 gets the "
            + "23 bytes"
        return cardCase(
            id,
            "hands on 6CXX for a short Le, and the command sent again with Le XX gets the answer",
            transportMayHandle(
                verbatim, or: "returns the 23 bytes at once, having sent it again itself"),
            rule: "ISO/IEC 7816-4:2005 §5.1.3 (Status bytes): 6CXX says the Le was "
                + "wrong and XX is the right one; ISO/IEC 7816-3's transport of APDUs by T=0 "
                + "(clause number not checked) lets a transport send the command again itself; "
                + "CoreNFC's NFCISO7816Tag.sendCommand(apdu:) returns the response data and SW1 "
                + "SW2, and Apple documents no resend of its own, so the app gets the answer as "
                + "the card sent it (nfcrig's reading of Apple's documentation)"
        ) { context async throws(CaseSteps.Stop) in
            try await selected(context, legacy)
            let response = try await apdu(context, readRecord + [0x10])
            let whole = recordAnswer + [0x90, 0x00]
            if context.profile == .iso14443, response == whole { return .pass }
            let judged = expect(
                response, [0x6C, UInt8(recordAnswer.count)], to: "READ RECORD with Le 10")
            guard judged.verdict == .pass else { return judged }
            return expect(
                try await apdu(context, readRecord + [UInt8(recordAnswer.count)]), whole,
                to: "READ RECORD with Le 17")
        }
    }

    /// `verbatim` under CoreNFC and the NFC Forum; under ISO/IEC 14443 `verbatim` or what a
    /// transport layer handling the status word itself does (`alternative`).
    static func transportMayHandle(_ verbatim: String, or alternative: String)
        -> ProfileExpectations
    {
        ProfileExpectations([
            .coreNFC: verbatim, .nfcForum: verbatim, .iso14443: verbatim + ", or " + alternative,
        ])
    }
}
