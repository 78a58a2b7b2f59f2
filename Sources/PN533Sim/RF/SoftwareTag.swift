import Locking

/// A type A card made of a closure: it answers each reader frame at once (after the minimum
/// frame delay), as a contactless card's own logic would. For tests, and for tags in the
/// field that no chip emulates.
public final class SoftwareTag: RFTarget {
    /// Maps a reader frame to the card's answer, or `nil` for silence.
    public typealias Responder = @Sendable (AirFrame) -> AirFrame?

    /// The identity it shows in anticollision.
    public let identity: TypeAIdentity
    private let timing: AirTiming
    private let responder: Responder
    private let log = Lock<[String]>([])

    /// Creates a tag answering through `responder`.
    public init(
        identity: TypeAIdentity, timing: AirTiming = AirTiming(),
        responder: @escaping Responder
    ) {
        self.identity = identity
        self.timing = timing
        self.responder = responder
    }

    /// What happened to the tag, in order: selections, frames, halts, field loss.
    public var events: [String] { log.withLock { $0 } }

    public func selected(at instant: SimulationInstant, in field: isolated RFField) {
        log.withLock { $0.append("selected") }
    }

    public func receive(
        _ frame: AirFrame, endedAt instant: SimulationInstant, reply: RFReply,
        in field: isolated RFField
    ) {
        log.withLock { $0.append("frame \(frame)") }
        guard let answer = responder(frame) else { return }
        reply.send(answer, startingAt: instant.advanced(by: timing.responseDelay))
    }

    public func halted(in field: isolated RFField) { log.withLock { $0.append("halted") } }

    public func fieldLost(in field: isolated RFField) { log.withLock { $0.append("field lost") } }
}
