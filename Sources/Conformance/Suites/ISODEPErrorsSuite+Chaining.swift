import HexText
import ISODEP
import Rig
import TagEmulation

/// The card's chained answers as its log shows them, and the reader's R(ACK)s for their
/// parts. A case's card chains every answer longer than a small part size
/// (`ISODEPCardMisbehaviour.answerPartLimit`), so that whatever a reader's READ BINARY asks
/// for (240 bytes fit one block of FSD 256; 255 do not), the message's answers are chained;
/// the judgement still finds the chained answers in the log, and a reader whose answers were
/// never chained is skipped with the reason, never failed for R(ACK)s it had no cause to send.
extension ISODEPErrorsSuite {
    /// The most INF bytes the chaining cases' card puts in one block: a CC read's answer (15
    /// bytes and the status word) fits one; a READ BINARY of the message asking for 16 bytes
    /// or more is chained.
    static let answerPartLimit = 17

    /// One answer the card sent in chained parts.
    struct ChainedAnswer: Sendable, Hashable {
        /// Where the response APDU is in the log (the card chains it right after).
        var index: Int
        /// When the card had it.
        var at: Duration
        /// The command it answers, when the log has it.
        var command: [UInt8]?
        /// The response APDU's length.
        var length: Int
        /// The parts it went in.
        var parts: Int

        /// `the answer to 00B0000FF0 (242 bytes, 15 parts of at most 17 bytes) at 1.2 s`.
        var description: String {
            let to = command.map { "to \(Hex.encode($0)) " } ?? ""
            return "the card's answer \(to)(\(length) bytes, in \(parts) I-blocks of at most "
                + "\(ISODEPErrorsSuite.answerPartLimit) INF bytes) at \(at)"
        }
    }

    /// An activation whose first frame does not decode as RATS: the reader's FSD, which
    /// bounds each part of the card's chained answers, is unknown, so which answers were
    /// chained cannot be told, and a case judging them names the frame instead of guessing.
    struct UndecodedRATS: Error, Sendable {
        /// The activation's first frame, as the card logged it.
        var bytes: [UInt8]
        /// When the card had it.
        var at: Duration
        /// Why it is no RATS.
        var error: RATSError

        /// A skip naming the frame: the verdict cannot rest on an FSD the log does not give.
        var outcome: RepetitionOutcome {
            .skip(
                "condition not judged: the activation's first frame \(Hex.encode(bytes)) at "
                    + "\(at) does not decode as RATS (\(error)), so the reader's FSD, which "
                    + "bounds each part of the card's chained answers, is unknown")
        }
    }

    /// The verdict when the reader sent no R(ACK) at all, which a case about a part of a
    /// chained answer needs: a fail naming the answer that was chained (`so`: what therefore
    /// never happened), or a skip saying the condition was not reached (`notReached`) when
    /// no answer was chained.
    static func noAcknowledgement(_ events: [TagEvent], so: String, notReached: String)
        -> RepetitionOutcome
    {
        let answers: [ChainedAnswer]
        do throws(UndecodedRATS) {
            answers = try chainedAnswers(events, partLimit: answerPartLimit)
        } catch {
            return error.outcome
        }
        if let chained = answers.first {
            return .fail(
                "\(chained.description) was chained; the reader sent no R(ACK) for its parts, "
                    + "so \(so)"
            ).evidenced(at: chained.at)
        }
        return .skip("condition not reached: the reader sent no R(ACK), so \(notReached)")
    }

    /// The answers in `events` the card chained: each response APDU longer than one block
    /// holds, the smaller of `partLimit` and the reader's FSD (from the RATS of its
    /// activation) less PCB and CRC_A.
    ///
    /// - Throws: `UndecodedRATS` for an activation whose first frame is no RATS.
    static func chainedAnswers(_ events: [TagEvent], partLimit: Int?) throws(UndecodedRATS)
        -> [ChainedAnswer]
    {
        var capacity = ISODEPFrameSize.informationCapacity(frameSize: 256, cid: false)
        var command: [UInt8]?
        var chained: [ChainedAnswer] = []
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .activated(let first):
                let rats: RATS
                do throws(RATSError) {
                    rats = try RATS(bytes: first)
                } catch {
                    throw UndecodedRATS(bytes: first, at: event.at, error: error)
                }
                capacity = ISODEPFrameSize.informationCapacity(frameSize: rats.fsd, cid: false)
                command = nil
            case .received(let bytes):
                command = bytes
            case .sent(let response):
                let part = max(min(capacity, partLimit ?? .max), 1)
                guard response.count > part else { continue }
                chained.append(
                    ChainedAnswer(
                        index: index, at: event.at, command: command, length: response.count,
                        parts: (response.count + part - 1) / part))
            default:
                continue
            }
        }
        return chained
    }

    /// The reader's R(ACK)s logged after `answer` and before the next command or activation.
    static func acknowledgements(of answer: ChainedAnswer, in events: [TagEvent]) -> Int {
        var count = 0
        for event in events[(answer.index + 1)...] {
            switch event.kind {
            case .received, .activated: return count
            case .readerBlock(.receiveReady(.ack, _, _)): count += 1
            default: continue
            }
        }
        return count
    }

    /// Whether the reader acknowledged each part of every chained answer but the last with
    /// R(ACK) (ISO/IEC 14443-4 rule 2): the fail names the answer and what the reader sent;
    /// with no chained answer in the log the case's condition was not reached.
    static func judgeChainedAnswers(_ events: [TagEvent], partLimit: Int?) -> RepetitionOutcome {
        let chained: [ChainedAnswer]
        do throws(UndecodedRATS) {
            chained = try chainedAnswers(events, partLimit: partLimit)
        } catch {
            return error.outcome
        }
        guard !chained.isEmpty else {
            return .skip(
                "condition not reached: no answer of the card was longer than one I-block "
                    + "(\(partLimit ?? 253) INF bytes), so it chained none (the reader's "
                    + "commands asked for less)")
        }
        for answer in chained {
            let acknowledged = acknowledgements(of: answer, in: events)
            guard acknowledged >= answer.parts - 1 else {
                return .fail(
                    "\(answer.description) was chained; the reader sent \(acknowledged) R(ACK) "
                        + "for the \(answer.parts - 1) parts after the first before its next "
                        + "command"
                ).evidenced(at: answer.at)
            }
        }
        return .pass
    }
}
