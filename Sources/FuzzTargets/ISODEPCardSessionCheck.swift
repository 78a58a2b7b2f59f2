import ISODEP
import PN533

/// An `ISODEPCard` session (`ISODEPCardSession`) fed arbitrary blocks: the input cut into
/// transfers (`TransferSplit`), the first the activation's RATS and each later one a block
/// the reader sends, on a `ScriptedTargetChip` with no clock.
///
/// Properties: the session ends (released when the blocks run out) or fails with a typed
/// `ISODEPCardError`, never traps or hangs; its first answer to a RATS it accepted is its
/// ATS; every later answer is a block ISO/IEC 14443-4 allows (`ISODEPBlock(bytes:)`
/// decodes it).
enum ISODEPCardSessionCheck {
    /// More blocks reach no new state and only slow every input down.
    static let maximumBlocks = 24
    /// The card's answer to every APDU: success, no data.
    static let answer: [UInt8] = [0x90, 0x00]

    static func check(_ input: [UInt8]) throws(PropertyFailure) {
        let transfers = TransferSplit.transfers(input)
        guard let rats = transfers.first else { return }
        let chip = ScriptedTargetChip(commands: Array(transfers.dropFirst().prefix(maximumBlocks)))
        let ended = Blocking.run { () -> Result<ISODEPCardSessionEnd, ISODEPCardError> in
            let card = ISODEPCard(
                device: PN533Device(transport: chip), scheduler: InstantISODEPScheduler())
            let activation = TargetActivation(
                mode: TargetActivation.Mode(rawValue: 0x08), initiatorCommand: rats)
            do throws(ISODEPCardError) {
                return .success(
                    try await card.run(
                        activation: activation, immediate: { _ in answer },
                        handler: { _ in answer }))
            } catch {
                return .failure(error)
            }
        }
        let sent = chip.sent
        guard (try? RATS(bytes: rats)) != nil, case .success = ended else { return }
        if let ats = sent.first {
            try PropertyFailure.require(
                (try? ATS(bytes: ats)) != nil, "a card answers RATS with an ATS", "\(ats)")
        }
        for block in sent.dropFirst() {
            do throws(ISODEPBlockError) {
                _ = try ISODEPBlock(bytes: block)
            } catch {
                throw PropertyFailure("a card answers with ISO-DEP blocks", "\(block): \(error)")
            }
        }
    }
}
