/// A case's requests written for people: `scan`, `read`, with a block repeated three times
/// or more written once with its count, (`scan`, `read`) × 16.
enum RequestSequence {
    /// `names` as the catalogue shows them.
    static func describe(_ names: [String]) -> String {
        var parts: [String] = []
        var index = 0
        while index < names.count {
            let (length, repeats) = longestRepeat(in: names, at: index)
            let block = names[index..<index + length].map { "`\($0)`" }.joined(separator: ", ")
            parts.append(repeats >= 3 ? "(\(block)) × \(repeats)" : block)
            index += length * (repeats >= 3 ? repeats : 1)
        }
        return parts.joined(separator: ", ")
    }

    /// The block (of 1 to 3 names) at `index` that repeats most often right after itself,
    /// and how often it occurs in a row; (1, 1) when none repeats three times.
    private static func longestRepeat(in names: [String], at index: Int) -> (Int, Int) {
        var best = (1, 1)
        for length in 1...3 where index + length <= names.count {
            let block = names[index..<index + length]
            var repeats = 1
            while index + (repeats + 1) * length <= names.count,
                names[(index + repeats * length)..<(index + (repeats + 1) * length)]
                    .elementsEqual(block)
            {
                repeats += 1
            }
            if repeats >= 3, repeats * length > best.0 * best.1 { best = (length, repeats) }
        }
        return best
    }
}
