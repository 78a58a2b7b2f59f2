import NFCRigTestSupport
import Testing

@testable import ISODEP

/// A card reports only the kinds of event its owner asked for.
@Suite struct CardEventKindsTests {
    @Test func aCardReportingSupervisoryFramesAndEndsGivesNothingElse() async throws {
        let rig = CardRig()
        let card = rig.startCard(reporting: [.supervisoryFrames, .ended])
        // INS 5E makes the test application take P2 milliseconds: 100 ms needs a WTX.
        let answer = try await rig.read(.chip, card: card) { transceiver in
            try await transceiver.transceive([0x00, 0x5E, 0x00, 100])
        }
        #expect(answer == [0x90, 0x00])
        let events = rig.events.all
        #expect(rig.events.sentCount { $0 == .wtx(1) } >= 1)
        #expect(!events.isEmpty)
        for event in events {
            switch event.kind {
            case .sent(.block(.supervisory)), .received(.block(.supervisory)), .ended: continue
            default: Issue.record("reported \(event)")
            }
        }
    }

    @Test func everyKindIsReportedByDefault() async throws {
        let rig = CardRig()
        let card = rig.startCard()
        _ = try await rig.read(.chip, card: card) { transceiver in
            try await transceiver.transceive([0x00, 0x01])
        }
        let kinds = Set(
            rig.events.all.map { event -> String in
                switch event.kind {
                case .received(.rats), .sent(.ats), .received(.block(.information)),
                    .sent(.block(.information)):
                    "frames"
                case .handlerStarted, .handlerFinished: "handler"
                default: "other"
                }
            })
        #expect(kinds.isSuperset(of: ["frames", "handler"]))
    }
}
