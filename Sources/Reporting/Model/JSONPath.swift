import HexText

/// Coding paths written the way people point into JSON: `$.cases[2].measurements["a.b"]`.
enum JSONPath {
    /// The path of a value, from the root `$`.
    static func render(_ codingPath: [any CodingKey]) -> String {
        var path = "$"
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else if isIdentifier(key.stringValue) {
                path += "." + key.stringValue
            } else {
                path += "[\"" + escaped(key.stringValue) + "\"]"
            }
        }
        return path
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || $0 == "_"
        }
    }

    private static func escaped(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u" + Hex.digits(UInt16(scalar.value))
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
