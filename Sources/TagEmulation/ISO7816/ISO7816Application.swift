import TagFormat

/// An ISO/IEC 7816-4 application a Type 4 emulator hosts beside the NDEF Tag Application
/// (or instead of it): a reader selects it by its identifier, then it answers commands from
/// a table of rules, or echoes them (a loopback, as NFC Forum's test applications have).
///
/// Decisions where ISO/IEC 7816-4 leaves a choice:
/// - SELECT answers the FCI (`6F`: `84` the identifier, `A5` the proprietary data) when P2 is
///   00 and the command carries Le; with P2 0C, or without Le, 9000 alone.
/// - An answer longer than a short Le asks for gets 6CXX, XX its length (ISO/IEC 7816-4
///   §5.1.3: "wrong Le field"), when `refusesShortLe`; otherwise the whole answer, ISO-DEP
///   chaining it as needed. An extended Le is never short of a card's answer here.
/// - With `responsePartLength` set, an answer longer than that comes in parts: the first
///   part with 61XX (XX the bytes left, 00 for 256 or more), the rest by GET RESPONSE,
///   as cards built for T=0 readers do.
public struct ISO7816Application: Sendable, Hashable {
    /// How the application answers commands other than SELECT and GET RESPONSE.
    public enum Behaviour: Sendable, Hashable {
        /// The first rule that matches answers; a command none matches gets `unmatched`.
        case responder([APDURule], unmatched: StatusWord)
        /// The command's data field comes back with 9000 (nothing without Le); SELECT by
        /// file identifier gets 6A82.
        case loopback
    }

    /// The identifier a SELECT names.
    public var identifier: ApplicationIdentifier
    /// The FCI proprietary template's content (`A5`); none by default.
    public var proprietaryData: [UInt8]
    /// How it answers.
    public var behaviour: Behaviour
    /// Whether a short Le below the answer's length gets 6CXX rather than the answer.
    public var refusesShortLe: Bool
    /// The most response bytes one answer carries before 61XX; nil: any number.
    public var responsePartLength: Int?

    /// An application; a loopback, answering 6CXX to a short Le, by default.
    public init(
        identifier: ApplicationIdentifier, proprietaryData: [UInt8] = [],
        behaviour: Behaviour = .loopback, refusesShortLe: Bool = true,
        responsePartLength: Int? = nil
    ) {
        self.identifier = identifier
        self.proprietaryData = proprietaryData
        self.behaviour = behaviour
        self.refusesShortLe = refusesShortLe
        self.responsePartLength = responsePartLength
    }

    /// The FCI SELECT answers with.
    public var fileControlInformation: FileControlInformation {
        FileControlInformation(dfName: identifier.bytes, proprietaryData: proprietaryData)
    }

    /// The answer to SELECT by this application's name with parameter `p2` (00 or 0C).
    func selected(p2: UInt8, carriesLe: Bool) -> ResponseAPDU {
        guard p2 == Type4Tag.selectFirstOrOnly, carriesLe else {
            return ResponseAPDU(statusWord: .ok)
        }
        return ResponseAPDU(data: fileControlInformation.encoded(), statusWord: .ok)
    }

    /// The answer to a command other than SELECT and GET RESPONSE, before it is cut into
    /// parts.
    func answer(_ command: CommandAPDU) -> ResponseAPDU {
        let reply: APDUReply
        switch behaviour {
        case .loopback where command.ins == Type4Tag.Instruction.select.rawValue:
            // It has no files: SELECT by file identifier finds none.
            reply = APDUReply(statusWord: .fileNotFound)
        case .loopback:
            reply = APDUReply(data: command.le == nil ? [] : command.data)
        case .responder(_, let unmatched):
            reply = matchingReply(command) ?? APDUReply(statusWord: unmatched)
        }
        if refusesShortLe, let le = command.le, le < reply.data.count, !command.isExtended {
            // SW2 carries the exact length, 00 for 256; a longer answer has no such Le.
            let statusWord =
                reply.data.count <= 256
                ? StatusWord.wrongLe(exactLength: UInt8(reply.data.count & 0xFF))
                : .wrongLength
            return ResponseAPDU(statusWord: statusWord)
        }
        return ResponseAPDU(data: reply.data, statusWord: reply.statusWord)
    }

    /// How long the application works on `command` before it answers.
    func delay(for command: CommandAPDU) -> Duration {
        matchingReply(command)?.delay ?? .zero
    }

    /// The reply of the first rule that matches `command`; nil for a loopback or no match.
    private func matchingReply(_ command: CommandAPDU) -> APDUReply? {
        guard case .responder(let rules, _) = behaviour else { return nil }
        return rules.first { $0.pattern.matches(command) }?.reply
    }
}
