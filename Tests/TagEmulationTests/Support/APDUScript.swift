import HexText
import NDEF
import NFCRigTestSupport
import TagEmulation
import Testing

/// A conversation with a fresh tag: commands in order and the exact answer to each, as hex.
struct APDUScript: Sendable, CustomTestStringConvertible {
    let name: String
    let steps: [(command: String, answer: String)]

    init(_ name: String, _ steps: [(String, String)]) {
        self.name = name
        self.steps = steps.map { (command: $0.0, answer: $0.1) }
    }

    var testDescription: String { name }

    /// Runs the script; the mismatches as `command: expected ≠ actual` lines.
    func mismatches(on tag: Type4TagApplication) -> [String] {
        var tag = tag
        var found: [String] = []
        for step in steps {
            let answer = tag.respond(to: bytes(step.command))
            if answer != bytes(step.answer) {
                found.append("\(step.command): expected \(step.answer), got \(Hex.encode(answer))")
            }
        }
        return found
    }
}
