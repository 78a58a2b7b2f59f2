import Rig

/// The rig-file parser (Sources/Rig/RigFile, YAML through Yams) on any UTF-8 text; other
/// bytes are no rig file (reading one as a String fails first) and are skipped.
///
/// Properties: a rejected file gets a `RigFileError` naming the file and a place in it: a
/// line within the text's lines or the end-of-stream line after them (0 when no place
/// applies, such as an empty file) and a column within the text; parsing the same text twice
/// gives the same verdict (checked on one input in eight).
public enum RigFileTarget: FuzzTarget {
    public static let name = "rig-file"

    public static func check(_ input: [UInt8]) throws(PropertyFailure) {
        guard let text = String(validating: input, as: UTF8.self) else { return }
        let parser = RigFileParser(fileName: "fuzz.yaml")
        let first = Result { () throws(RigFileError) in try parser.parse(text) }
        // A second parse doubles the cost of every input; one input in eight (by its bytes,
        // so the same ones every run) is parsed twice.
        if input.reduce(0, &+) % 8 == 0 {
            let second = Result { () throws(RigFileError) in try parser.parse(text) }
            // The message, not the place: for keys used twice Yams places the error at the
            // first of the keys in its sort order, which leaves ties between non-scalar keys
            // (such as `? [a]`) in dictionary order, different from one parse to the next.
            try PropertyFailure.require(
                verdict(first) == verdict(second),
                "parsing the same text twice gives the same verdict", "\(first) then \(second)")
        }
        guard case .failure(let error) = first else { return }
        try PropertyFailure.requirePlace(
            of: error, in: text, byteCount: input.count, fileName: parser.fileName)
    }

    /// The rig, or the error's message without its place.
    static func verdict(_ result: Result<RigFile, RigFileError>) -> String {
        switch result {
        case .success(let rig): "\(rig)"
        case .failure(let error): error.message
        }
    }
}
