import Conformance

extension MeasurementConditions {
    /// The conditions as the gate's rows name them: `Type 4, 1024 B, 424 kbps`,
    /// `APDU 5 B → 258 B`; what is unknown is left out.
    var label: String {
        var parts: [String] = []
        if let tagType { parts.append(Self.tagTypeName(tagType)) }
        if let messageBytes { parts.append("\(messageBytes) B") }
        switch (commandBytes, responseBytes) {
        case (let command?, let response?): parts.append("APDU \(command) B → \(response) B")
        case (let command?, nil): parts.append("command \(command) B")
        case (nil, let response?): parts.append("response \(response) B")
        case (nil, nil): break
        }
        if let bitRateKbps { parts.append("\(bitRateKbps) kbps") }
        return parts.isEmpty ? "no conditions" : parts.joined(separator: ", ")
    }

    /// A tag type as people write it (`type4` → `Type 4`); an unknown one as it is.
    static func tagTypeName(_ tagType: String) -> String {
        switch tagType {
        case "type2": "Type 2"
        case "type4": "Type 4"
        default: tagType
        }
    }
}
