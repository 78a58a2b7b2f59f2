import PN533

/// The card side of ISO/IEC 14443-4 on a PN533 in target mode, where the chip leaves RATS
/// and every block to the host (DESIGN.md §3): answers RATS with the configured ATS, puts
/// chained commands together (R(ACK) for each part), hands whole APDUs to an async handler,
/// sends the answer as I-blocks chained by FSD, follows the reader's R(ACK) and R(NAK) by
/// the ISO rules, asks for more time with S(WTX) as its policy says, and answers
/// S(DESELECT).
public struct ISODEPCard: Sendable {
    /// Turns a command APDU into the response APDU; it may take its time.
    public typealias Handler = @Sendable ([UInt8]) async -> [UInt8]
    /// Answers a command APDU at once (from memory), or `nil` to leave it to the `Handler`.
    public typealias ImmediateHandler = @Sendable ([UInt8]) -> [UInt8]?

    /// The chip, activated in target mode.
    public let device: PN533Device
    /// The ATS and pacing.
    public let configuration: ISODEPCardConfiguration
    let scheduler: any ISODEPScheduler
    let onEvent: (@Sendable (ISODEPCardEvent) -> Void)?
    /// The events `onEvent` is given; the others are not made.
    public let reporting: ISODEPCardEventKinds

    /// A card on `device`; `scheduler` times the handler and stamps `onEvent`'s events, of
    /// the kinds in `reporting`.
    public init(
        device: PN533Device, configuration: ISODEPCardConfiguration = .init(),
        scheduler: any ISODEPScheduler = ContinuousISODEPScheduler(),
        reporting: ISODEPCardEventKinds = .all,
        onEvent: (@Sendable (ISODEPCardEvent) -> Void)? = nil
    ) {
        self.device = device
        self.configuration = configuration
        self.scheduler = scheduler
        self.reporting = reporting
        self.onEvent = onEvent
    }

    /// Serves one session from `activation` (TgInitAsTarget's answer, its first command a
    /// RATS) until the reader deselects or releases the card, its field goes off, or it
    /// stays silent for `idleTimeout`.
    ///
    /// `immediate`, when given, is asked first: an answer it has at once needs no task of
    /// its own and never a waiting-time extension (except under `.always`, which asks for
    /// one before every answer).
    ///
    /// - Returns: why the session ended.
    /// - Throws: `ISODEPCardError` when the first command is no RATS, a chained command is
    ///   too long, or the chip fails.
    public nonisolated(nonsending) func run(
        activation: TargetActivation, immediate: ImmediateHandler? = nil,
        handler: @escaping Handler
    ) async throws(ISODEPCardError) -> ISODEPCardSessionEnd {
        var session = ISODEPCardSession(card: self, immediate: immediate, handler: handler)
        do throws(ISODEPCardSession.Exit) {
            try await session.run(activation)
        } catch {
            switch error {
            case .ended(let end):
                emit(.ended, .ended(end))
                return end
            case .failed(let failure):
                throw failure
            }
        }
    }

    /// Reports an event of kind `kinds` if `onEvent` wants it; made only then.
    func emit(_ kinds: ISODEPCardEventKinds, _ kind: @autoclosure () -> ISODEPCardEvent.Kind) {
        guard let onEvent, !reporting.isDisjoint(with: kinds) else { return }
        onEvent(ISODEPCardEvent(time: scheduler.now, kind: kind()))
    }
}
