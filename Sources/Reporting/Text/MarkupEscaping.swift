/// The loop shared by the XML and HTML escapers: per scalar, a reference from the format's
/// table, else a visible stand-in for a control character, else the scalar itself.
enum MarkupEscaping {
    static func escape(_ text: String, reference: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = reference(scalar) {
                result += replacement
            } else {
                result.unicodeScalars.append(
                    VisibleControls.mustReplace(scalar) ? VisibleControls.stand(in: scalar) : scalar
                )
            }
        }
        return result
    }
}
