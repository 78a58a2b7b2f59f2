import HexText
import NFCRigTestSupport
import PN533
import Testing

/// A transport that plays a script: each `send` must match the next expected frame, each
/// `receive` gets the next scripted answer. Deviations are recorded as test issues and end
/// the exchange with an I/O error, so a wrong driver cannot run on into the rest of the script.
actor ScriptedTransport: Transport {
    /// One step of the conversation, from the chip's side.
    enum Step: Sendable, CustomStringConvertible {
        /// The host must send exactly these bytes.
        case expect([UInt8])
        /// The next receive returns these bytes.
        case answer([UInt8])
        /// The next receive times out.
        case silence
        /// The next receive (or send, if one comes first) fails with this error.
        case fail(TransportError)

        var description: String {
            switch self {
            case .expect(let bytes): "expect \(Hex.encode(bytes, separator: " "))"
            case .answer(let bytes): "answer \(Hex.encode(bytes, separator: " "))"
            case .silence: "silence"
            case .fail(let error): "fail \(error)"
            }
        }
    }

    private var steps: [Step]
    private var next = 0
    /// The timeouts the driver passed to `receive`, in order.
    private(set) var receiveTimeouts: [Duration] = []
    /// Every deviation from the script.
    private(set) var deviations: [String] = []

    init(_ steps: [Step]) { self.steps = steps }

    /// Script steps not yet played.
    var unplayed: [Step] { Array(steps[next...]) }

    func send(_ bytes: [UInt8]) async throws(TransportError) {
        // Yielding lets other callers run, as a real USB transfer would.
        await Task.yield()
        switch take() {
        case .expect(let expected) where expected == bytes:
            return
        case .fail(let error):
            throw error
        case let step:
            throw deviate(
                "sent \(Hex.encode(bytes, separator: " ")) where the script has \(step.map(String.init) ?? "ended")"
            )
        }
    }

    func receive(timeout: Duration) async throws(TransportError) -> [UInt8] {
        receiveTimeouts.append(timeout)
        await Task.yield()
        switch take() {
        case .answer(let bytes): return bytes
        case .silence: throw .timeout
        case .fail(let error): throw error
        case let step:
            throw deviate("received where the script has \(step.map(String.init) ?? "ended")")
        }
    }

    private func take() -> Step? {
        guard next < steps.count else { return nil }
        defer { next += 1 }
        return steps[next]
    }

    private func deviate(_ message: String) -> TransportError {
        deviations.append(message)
        Issue.record("script deviation: \(message)")
        return .io(message)
    }
}

extension ScriptedTransport.Step {
    static func expect(_ hex: String) -> Self { .expect(bytes(hex)) }
    static func answer(_ hex: String) -> Self { .answer(bytes(hex)) }
}
