import Yams

/// The YAML node walking every rig-file field goes through: each check names its position.
extension RigFileParser {
    /// A mapping whose keys were checked against the allowed set.
    struct Mapping {
        let node: Node
        let entries: [String: (key: Node, value: Node)]
        let parser: RigFileParser

        func optional(_ key: String) -> Node? { entries[key]?.value }

        func required(_ key: String) throws(RigFileError) -> Node {
            guard let value = entries[key]?.value else {
                throw parser.error(at: node, "missing key \"\(key)\"")
            }
            return value
        }
    }

    /// The YAML document of `text`; an empty file or bad YAML is an error at its place.
    func compose(_ text: String) throws(RigFileError) -> Node {
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw RigFileError(file: fileName, line: 0, column: 0, message: "the file is empty")
            }
            return node
        } catch let error as RigFileError {
            throw error
        } catch let error as YamlError {
            throw yamlError(error)
        } catch {
            throw RigFileError(file: fileName, line: 0, column: 0, message: "\(error)")
        }
    }

    func mapping(_ node: Node, what: String, keys: Set<String>) throws(RigFileError) -> Mapping {
        guard case .mapping(let mapping) = node else {
            throw error(at: node, "\(what) must be a mapping of keys to values")
        }
        var entries: [String: (key: Node, value: Node)] = [:]
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                throw error(at: key, "keys in \(what) must be plain names")
            }
            guard keys.contains(scalar.string) else {
                throw error(
                    at: key,
                    "unknown key \"\(scalar.string)\" in \(what); expected one of \(keys.sorted().joined(separator: ", "))"
                )
            }
            guard entries[scalar.string] == nil else {
                throw error(at: key, "key \"\(scalar.string)\" appears twice in \(what)")
            }
            entries[scalar.string] = (key, value)
        }
        return Mapping(node: node, entries: entries, parser: self)
    }

    func sequence(_ node: Node, what: String) throws(RigFileError) -> [Node] {
        guard case .sequence(let sequence) = node else {
            throw error(at: node, "\(what) must be a list")
        }
        return Array(sequence)
    }

    func string(_ node: Node, what: String) throws(RigFileError) -> String {
        guard case .scalar(let scalar) = node else {
            throw error(at: node, "\(what) must be a single value, not a list or mapping")
        }
        return scalar.string
    }

    func integer(_ node: Node, what: String, in range: ClosedRange<Int>) throws(RigFileError) -> Int
    {
        let text = try string(node, what: what)
        guard let value = Int(text) else {
            throw error(at: node, "\(what) must be a whole number, not \"\(text)\"")
        }
        guard range.contains(value) else {
            throw error(
                at: node,
                "\(what) must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
        }
        return value
    }

    func line(_ node: Node) -> Int { node.mark?.line ?? 0 }

    func column(_ node: Node) -> Int { node.mark?.column ?? 0 }

    func error(at node: Node?, _ message: String) -> RigFileError {
        RigFileError(
            file: fileName, line: node.map(line) ?? 0, column: node.map(column) ?? 0,
            message: message)
    }

    func yamlError(_ error: YamlError) -> RigFileError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
            RigFileError(
                file: fileName, line: mark.line, column: mark.column, message: "YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams's own text quotes the whole file; the place and the keys say it all.
            RigFileError(
                file: fileName, line: context.mark.line, column: context.mark.column,
                message: "YAML: keys used twice in one mapping: "
                    + duplicates.sorted().joined(separator: ", "))
        default:
            RigFileError(file: fileName, line: 0, column: 0, message: "YAML: \(error)")
        }
    }
}
