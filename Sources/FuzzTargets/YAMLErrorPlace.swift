import Rig

extension PropertyFailure {
    /// A rig or card file's error names the file and a place in its text: a line within the
    /// text's lines or the end-of-stream line after them (0 when no place applies, such as an
    /// empty file) and a column within the text.
    static func requirePlace(
        of error: RigFileError, in text: String, byteCount: Int, fileName: String
    ) throws(PropertyFailure) {
        // libyaml breaks lines at CR, LF, NEL, LS and PS: counting each bounds its line. It
        // puts the end of the stream on a line of its own, one past the last (Yams counts
        // lines from 1), as a decoder's offset may be one past the last byte.
        let lineBreaks = "\r\n\u{85}\u{2028}\u{2029}".unicodeScalars
        let breaks = text.unicodeScalars.count { lineBreaks.contains($0) }
        try require(error.file == fileName, "an error names the file", "\(error)")
        try require(
            (0...breaks + 2).contains(error.line) && (0...byteCount + 1).contains(error.column),
            "an error names a place in the file",
            "\(error): \(breaks) line breaks, \(byteCount) bytes")
    }
}
