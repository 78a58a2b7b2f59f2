import HexText
import Rig
import TagEmulation
import TagFormat

extension RFObservations {
    /// Whether the DUT looked for the NDEF Tag Application on a Type 4 tag that has none and
    /// stopped there: a SELECT of the application by name (either mapping's name) reached
    /// the tag and was refused, and nothing but such SELECTs followed. A reader that refused
    /// without that SELECT never looked; one that went on addressed files of an application
    /// the tag said it does not have.
    static func stoppedAtMissingNDEFApplication(_ context: CaseContext) async
        -> RepetitionOutcome
    {
        let names = [Type4Tag.ndefApplicationAID, Type4Tag.ndefApplicationAIDVersion1]
        let events = await context.slots.first?.events ?? []
        var selected = false
        for event in events {
            guard case .received(let bytes) = event.kind else { continue }
            let command = try? CommandAPDU(decoding: bytes)
            let isApplicationSelect =
                command.map {
                    $0.ins == Type4Tag.Instruction.select.rawValue
                        && $0.p1 == Type4Tag.selectByName && names.contains($0.data)
                } ?? false
            if isApplicationSelect {
                selected = true
            } else if selected {
                return .fail(
                    "the tag refused the NDEF Tag Application's SELECT; the DUT went on with "
                        + "\(Hex.encode(bytes, uppercase: true)) to an application the tag does "
                        + "not have"
                ).evidenced(at: event.at)
            }
        }
        guard selected else {
            return .fail(
                "the DUT refused without looking: no SELECT of the NDEF Tag Application "
                    + "(\(Hex.encode(Type4Tag.ndefApplicationAID, uppercase: true))) reached "
                    + "the tag")
        }
        return .pass
    }
}
