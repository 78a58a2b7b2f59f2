extension PropertyFailure {
    /// Throws `property` with `detail` unless `holds`: the one way targets state a property,
    /// so that each reads as a list of sentences.
    static func require(
        _ holds: Bool, _ property: String, _ detail: @autoclosure () -> String
    ) throws(PropertyFailure) {
        guard holds else { throw PropertyFailure(property, detail()) }
    }

    /// Throws unless `offset`, which an error of a decoder of `input` names, points inside
    /// the input or just past its end (where a truncated input is missing its next byte).
    static func requireOffset(
        _ offset: Int, in input: some Collection, _ error: Any
    ) throws(PropertyFailure) {
        try require(
            (0...input.count).contains(offset), "an error names an offset inside the input",
            "\(error) names \(offset), the input has \(input.count) bytes")
    }
}

extension PropertyFailure {
    /// Decodes `input`; an error must name an offset inside it (`offset` finds it, nil when
    /// the error names none), and a value must encode and decode to itself again.
    static func requireRoundTrip<Value: Equatable, Failure: Error>(
        _ what: String, of input: [UInt8], decode: ([UInt8]) throws(Failure) -> Value,
        encode: (Value) throws -> [UInt8], offset: (Failure) -> Int?
    ) throws(PropertyFailure) {
        let value: Value
        do {
            value = try decode(input)
        } catch {
            if let at = offset(error) { try requireOffset(at, in: input, error) }
            return
        }
        let again: Value
        do {
            again = try decode(try encode(value))
        } catch {
            throw PropertyFailure("a decoded \(what) encodes and decodes", "\(value): \(error)")
        }
        try require(
            again == value, "a \(what) decodes, encodes and decodes the same",
            "\(value) became \(again)")
    }
}
