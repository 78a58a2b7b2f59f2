import Testing

@testable import Rig

extension RigFileParser {
    /// Expects `yaml` refused with an error whose text contains `expected` (a place such as
    /// `rig.yaml:4:21:` and the words that say what is wrong).
    func expectRefusal(
        _ yaml: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            _ = try parse(yaml)
            Issue.record("accepted: \(yaml)", sourceLocation: sourceLocation)
        } catch {
            #expect(
                error.description.contains(expected), "\(error.description)",
                sourceLocation: sourceLocation)
        }
    }
}
