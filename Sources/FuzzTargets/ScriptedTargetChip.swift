import Locking
import PN533

/// A PN533 in target mode as far as an `ISODEPCard` sees it, scripted: each TgGetInitiator-
/// Command gets the next of `commands` (the reader's blocks), then status 29 (released by
/// the initiator) when they run out; each TgResponseToInitiator's data is kept in `sent`.
/// Every other command gets an empty success. It answers through the `Transport` protocol
/// as a chip does (ACK, then the response), at once: the card never waits on a clock.
struct ScriptedTargetChip: Transport {
    struct State: Sendable {
        var commands: [[UInt8]]
        var pending: [[UInt8]] = []
        var sent: [[UInt8]] = []
    }

    let state: Lock<State>

    init(commands: [[UInt8]]) { state = Lock(State(commands: commands)) }

    /// What the card sent with TgResponseToInitiator, in order.
    var sent: [[UInt8]] { state.withLock { $0.sent } }

    nonisolated(nonsending) func send(_ bytes: [UInt8]) async throws(TransportError) {
        guard
            case .information(.hostToChip, let code, let data)? = try? PN533Frame.decode(
                transfer: bytes)
        else { return }  // an ACK or NACK from the host: nothing to answer
        let response = state.withLock { state in answer(code: code, data: data, &state) }
        // A response fits a frame: the reader's blocks come from an input of at most a few KiB.
        guard
            let frame = try? PN533Frame.information(.chipToHost, code: code &+ 1, data: response)
                .encode()
        else { throw .io("response too long") }
        state.withLock { $0.pending += [[0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00], frame] }
    }

    nonisolated(nonsending) func receive(timeout: Duration) async throws(TransportError)
        -> [UInt8]
    {
        guard let next = state.withLock({ $0.pending.isEmpty ? nil : $0.pending.removeFirst() })
        else { throw .timeout }
        return next
    }

    private func answer(code: UInt8, data: [UInt8], _ state: inout State) -> [UInt8] {
        switch PN533Command(rawValue: code) {
        case .tgGetInitiatorCommand?:
            guard !state.commands.isEmpty else { return [0x29] }
            return [0x00] + state.commands.removeFirst()
        case .tgResponseToInitiator?:
            state.sent.append(data)
            return [0x00]
        default:
            return [0x00]
        }
    }
}
