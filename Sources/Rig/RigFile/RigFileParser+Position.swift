import Yams

extension RigFileParser {
    /// An error about a rig file that parsed but cannot serve a command (a process DUT where
    /// a reference reader is needed, a missing emulator id), placed at the node `path` leads
    /// to: mapping keys, or list indices as decimal strings (`["emulators", "1", "id"]`).
    /// A path that leads nowhere places it at the whole file.
    public func error(at path: [String], in text: String, _ message: String) -> RigFileError {
        guard let root = try? Yams.compose(yaml: text) else { return error(at: nil, message) }
        var node = root
        for step in path {
            switch node {
            case .mapping(let mapping):
                guard let next = mapping.first(where: { $0.key.scalar?.string == step }) else {
                    return error(at: node, message)
                }
                node = next.value
            case .sequence(let sequence):
                let items = Array(sequence)
                guard let index = Int(step), items.indices.contains(index) else {
                    return error(at: node, message)
                }
                node = items[index]
            default:
                return error(at: node, message)
            }
        }
        return error(at: node, message)
    }
}
