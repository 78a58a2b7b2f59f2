import NDEF

/// The NDEF decoder, strict and lenient, and the RTD payload decoders behind
/// `NDEFRecordContent` (Sources/NDEF, Sources/NDEF/RTD), on any bytes.
///
/// Properties, as `NDEFPropertyTests` states them for random messages: both modes agree (a
/// message strict decoding accepts has no lenient violation and the same records; one it
/// rejects has that error as lenient decoding's first violation, so lenient never reports
/// fewer); an error's offset lies inside the input; a decoded message re-encodes to the very
/// bytes (the records keep their wire layout); and every record's typed content encodes to a
/// record whose content encodes to that record again.
public enum NDEFTarget: FuzzTarget {
    public static let name = "ndef"

    public static func check(_ input: [UInt8]) throws(PropertyFailure) {
        let lenient = NDEFDecoder().decodeLeniently(input)
        let message: NDEFMessage
        do {
            message = try NDEFDecoder().decode(input)
        } catch {
            try PropertyFailure.require(
                lenient.violations.first == error,
                "lenient decoding reports strict decoding's error first",
                "strict: \(error), lenient: \(lenient.violations)")
            try PropertyFailure.requireOffset(error.offset, in: input, error)
            for violation in lenient.violations {
                try PropertyFailure.requireOffset(violation.offset, in: input, violation)
            }
            try checkContents(of: lenient.message)
            return
        }
        try PropertyFailure.require(
            lenient.violations.isEmpty && lenient.message == message,
            "lenient decoding agrees with strict acceptance", "\(lenient.violations)")
        let encoded: [UInt8]
        do {
            encoded = try NDEFEncoder().encode(message)
        } catch {
            throw PropertyFailure("a decoded message encodes", "\(error)")
        }
        try PropertyFailure.require(
            encoded == input, "decode then encode gives back the input bytes",
            "encoded \(encoded.count) bytes: \(encoded)")
        try checkContents(of: message)
    }

    /// Each record's typed content: decoding it twice through its encoding gives the same.
    static func checkContents(of message: NDEFMessage) throws(PropertyFailure) {
        for record in message.records {
            let content: NDEFRecordContent
            do {
                content = try NDEFRecordContent(record)
            } catch {
                // The offset counts in the field the error names: the payload, or the
                // TYPE field for a media type, an external type or an absolute URI.
                let fieldLength = max(record.payload.count, record.type.count)
                if let offset = error.offset {
                    try PropertyFailure.require(
                        (0...fieldLength).contains(offset),
                        "an RTD error names an offset inside its field",
                        "\(error) names \(offset), the fields have \(fieldLength) bytes at most")
                }
                continue
            }
            // The records compare, not the contents: a content keeps what its record held
            // beside the meaning (a URI's reserved prefix code, which the URI RTD reads as
            // "no prefix"), and encoding writes the meaning in its one canonical form.
            do {
                let encoded = try content.record()
                let again = try NDEFRecordContent(encoded).record()
                try PropertyFailure.require(
                    again == encoded, "typed content decodes, encodes, decodes, encodes the same",
                    "\(content) encoded as \(encoded), then as \(again)")
            } catch let failure as PropertyFailure {
                throw failure
            } catch {
                throw PropertyFailure("decoded typed content encodes", "\(content): \(error)")
            }
        }
    }
}
