import HexText
import ISODEP
import NFCRigTestSupport
import PN533
import Testing

/// A frame link that plays a script: each frame the reader sends must be the next expected
/// one, and gets the scripted reply. A wrong frame is a test issue and fails the link, so a
/// wrong reader cannot run on into the rest of the script.
actor ScriptedFrameLink: ISODEPFrameLink {
    /// What the card side does with one frame.
    enum Reply: Sendable {
        case answer([UInt8])
        case silence
        case damaged
        case failure(PN533Error)
    }

    struct Step: Sendable {
        var expected: [UInt8]
        var reply: Reply
    }

    private var steps: [Step]
    /// Every timeout the reader asked for, in order.
    private(set) var timeouts: [Duration] = []

    init(_ steps: [Step]) { self.steps = steps }

    /// Steps the reader has not reached.
    var unplayed: Int { steps.count }

    func transceive(_ frame: [UInt8], timeout: Duration) throws(ISODEPLinkError) -> [UInt8] {
        timeouts.append(timeout)
        guard !steps.isEmpty else {
            Issue.record("frame \(Hex.encode(frame)) after the end of the script")
            throw .failed(.transport(.io("script ended")))
        }
        let step = steps.removeFirst()
        guard frame == step.expected else {
            Issue.record(
                "sent \(Hex.encode(frame)), the script expected \(Hex.encode(step.expected))")
            throw .failed(.transport(.io("off script")))
        }
        switch step.reply {
        case .answer(let bytes): return bytes
        case .silence: throw .timeout
        case .damaged: throw .transmission(.transmission(command: .inCommunicateThru, status: .crc))
        case .failure(let error): throw .failed(error)
        }
    }
}

extension ScriptedFrameLink.Step {
    /// The reader sends `frame` (hex) and the card answers `answer` (hex).
    static func send(_ frame: String, answer: String) -> Self {
        Self(expected: bytes(frame), reply: .answer(bytes(answer)))
    }

    /// The reader sends `frame` (hex) and `reply` happens.
    static func send(_ frame: String, _ reply: ScriptedFrameLink.Reply) -> Self {
        Self(expected: bytes(frame), reply: reply)
    }
}
