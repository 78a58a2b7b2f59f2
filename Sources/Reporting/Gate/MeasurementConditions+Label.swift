import Conformance

extension MeasurementConditions {
    /// The conditions as the gate's rows name them: `Type 4, 1024 B, 424 kbps`,
    /// `APDU 5 B → 258 B`; what is unknown is left out.
    var label: String {
        var parts: [String] = []
        if let tagType {
            let names = ["type2": "Type 2", "type4": "Type 4"]
            parts.append(names[tagType] ?? tagType)
        }
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
}
