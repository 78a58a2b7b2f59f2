import ISODEP
import NFCRigTestSupport

/// What tests ask of the events a card recorded.
extension Recorder<ISODEPCardEvent> {
    /// The frames the card sent, in order.
    var sent: [ISODEPFrame] {
        all.compactMap { if case .sent(let frame) = $0.kind { frame } else { nil } }
    }

    /// The frames the card received, in order.
    var received: [ISODEPFrame] {
        all.compactMap { if case .received(let frame) = $0.kind { frame } else { nil } }
    }

    /// How many blocks of this kind the card sent.
    func sentCount(_ matches: (ISODEPBlock) -> Bool) -> Int {
        sent.filter { if case .block(let block) = $0 { matches(block) } else { false } }.count
    }
}
