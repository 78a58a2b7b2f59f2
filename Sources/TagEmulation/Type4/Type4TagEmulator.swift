import ISODEP
import Locking
import PN533

/// A Type 4 Tag on a PN533 in target mode: arms the chip, serves each reader's ISO-DEP
/// session with an `ISO7816Card` (the NDEF Tag Application and any ISO/IEC 7816-4
/// applications beside it), and arms again after DESELECT, release, field loss or silence,
/// so that readers can poll it again and again.
///
/// The card is shared between the card's APDU handler and whoever inspects the tag
/// while it runs (a suite reading the writes): it sits behind a lock of its own, so the
/// handler answers where the card runs, without a hop to the emulator's actor.
public actor Type4TagEmulator {
    /// The chip, opened.
    public nonisolated let device: PN533Device
    /// How the tag presents itself.
    public nonisolated let configuration: Type4TagEmulatorConfiguration
    /// Activations, APDUs, WTX, DESELECT and releases, timestamped.
    public nonisolated let log: TagEventLog
    private nonisolated let scheduler: any ISODEPScheduler
    private nonisolated let state: Lock<ISO7816Card>
    /// How many times a reader activated the tag.
    public private(set) var activations = 0

    /// An emulator of `card` on `device`; `scheduler` times the ISO-DEP card (a simulation
    /// clock's in virtual mode).
    public init(
        device: PN533Device, card: ISO7816Card,
        configuration: Type4TagEmulatorConfiguration = .init(),
        scheduler: any ISODEPScheduler = ContinuousISODEPScheduler(), log: TagEventLog
    ) {
        self.device = device
        state = Lock(card)
        self.configuration = configuration
        self.scheduler = scheduler
        self.log = log
    }

    /// The chip's device executor: the card session's many device calls then need no hop.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { device.unownedExecutor }

    /// An emulator of a card with only the NDEF Tag Application, `application`.
    public init(
        device: PN533Device, application: Type4TagApplication,
        configuration: Type4TagEmulatorConfiguration = .init(),
        scheduler: any ISODEPScheduler = ContinuousISODEPScheduler(), log: TagEventLog
    ) {
        self.init(
            device: device, card: ISO7816Card(ndef: application), configuration: configuration,
            scheduler: scheduler, log: log)
    }

    /// Replaces the NDEF application's files and write record, between test cases, keeping
    /// the other applications; a reader in the field sees the new content from its next
    /// command on.
    public nonisolated func load(_ application: Type4TagApplication) {
        state.withLock { $0.ndef = application }
    }

    /// Replaces the whole card.
    public nonisolated func load(_ card: ISO7816Card) {
        state.withLock { $0 = card }
    }

    /// The NDEF application's state: its files, the selection, the writes so far.
    public nonisolated var application: Type4TagApplication { state.withLock { $0.ndef } }

    /// The card's state: every application, the selection, a pending answer.
    public nonisolated var card: ISO7816Card { state.withLock { $0 } }

    /// Serves readers until the calling task is cancelled.
    ///
    /// - Throws: the chip error when the host link to it fails (`.transport`).
    public func run() async throws(PN533Error) {
        while !Task.isCancelled {
            let activation: TargetActivation
            do {
                activation = try await device.initAsTarget(
                    configuration.target, timeout: configuration.listenTimeout,
                    listening: { [log] in log.record(.listening) })
            } catch {
                if try TagEmulatorLoop.shouldStop(after: error, log: log) { return }
                continue
            }
            activations += 1
            log.record(.activated(firstCommand: activation.initiatorCommand))
            let (stop, end) = try await serve(activation)
            state.withLock { $0.deselect() }
            if stop { return }
            if end == .deselected, configuration.haltUntilFieldOff {
                try await TagEmulatorLoop.waitForFieldOff(
                    device: device, log: log, scheduler: scheduler,
                    interval: configuration.fieldCheckInterval)
            }
        }
    }

    /// One ISO-DEP session: whether the loop should stop, and how the session ended.
    private func serve(_ activation: TargetActivation) async throws(PN533Error)
        -> (stop: Bool, end: ISODEPCardSessionEnd?)
    {
        let card = ISODEPCard(
            device: device, configuration: configuration.card, scheduler: scheduler,
            // Every block only where a case judges the reader's ISO-DEP; otherwise S-blocks
            // and how sessions end.
            reporting: configuration.logsReaderBlocks
                ? [.frames, .supervisoryFrames, .ignored, .ended] : [.supervisoryFrames, .ended],
            onEvent: { [log] event in Self.record(event, in: log) })
        // Without a response delay the answer comes from memory, at once, unless the
        // command is a slow one.
        var immediate: ISODEPCard.ImmediateHandler?
        if configuration.responseDelay == .zero {
            immediate = { [self] apdu in
                state.withLock { $0.delay(for: apdu) } == .zero ? handleAtOnce(apdu) : nil
            }
        }
        let end: ISODEPCardSessionEnd
        do {
            end = try await card.run(activation: activation, immediate: immediate) {
                [self] apdu in await self.handle(apdu)
            }
        } catch {
            guard case .link(let chipError) = error else {
                log.record(.isoDEPFailed(error))
                return (Task.isCancelled, nil)
            }
            return (try TagEmulatorLoop.shouldStop(after: chipError, log: log), nil)
        }
        return (Task.isCancelled, end)
    }

    /// The APDU handler: logs the command, takes the configured time, answers.
    private nonisolated func handle(_ apdu: [UInt8]) async -> [UInt8] {
        log.record(.received(apdu))
        let delay = configuration.responseDelay + state.withLock { $0.delay(for: apdu) }
        if delay > .zero {
            await scheduler.sleep(for: delay)
        }
        return answer(apdu)
    }

    /// The APDU handler when no response delay is configured: no waiting at all.
    private nonisolated func handleAtOnce(_ apdu: [UInt8]) -> [UInt8] {
        log.record(.received(apdu))
        return answer(apdu)
    }

    /// The answer from the tag's memory, logged.
    private nonisolated func answer(_ apdu: [UInt8]) -> [UInt8] {
        let response = state.withLock { $0.respond(to: apdu) }
        log.record(.sent(response))
        return response
    }

    /// The card's events that belong in a tag's log: WTX, the reader's R- and S-blocks and
    /// the parts of its chained commands (reported when `logsReaderBlocks`), and how a
    /// session ended.
    private static func record(_ event: ISODEPCardEvent, in log: TagEventLog) {
        switch event.kind {
        case .sent(.block(.supervisory(.waitingTimeExtension(let multiplier, _), _))):
            log.record(.waitingTimeExtension(multiplier: Int(multiplier)))
        case .received(.block(let block)):
            switch block {
            case .receiveReady, .supervisory, .information(_, true, _, _, _):
                log.record(.readerBlock(block))
            case .information:
                break
            }
        case .ignored(let bytes, _):
            // An S(WTX) whose WTXM is out of range does not decode as a block, yet a reader
            // that grants one sent it: logged as it came, for the case judging that.
            if bytes.count >= 2, bytes[0] & 0xF7 == 0xF2 {
                log.record(
                    .readerBlock(
                        .supervisory(.waitingTimeExtension(multiplier: bytes[1] & 0x3F))))
            }
        case .ended(.deselected):
            log.record(.deselected)
        case .ended(.released):
            log.record(.released)
        case .ended(.idle(let duration)):
            log.record(.idle(duration))
        default:
            break
        }
    }
}
