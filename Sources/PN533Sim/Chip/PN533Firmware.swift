import PN533
import Synchronization

/// One simulated PN533: it consumes the bytes a host writes and produces the bytes a real
/// chip would send back, with USB and air timing on the shared simulation clock.
///
/// The host link follows DESIGN §3: an ACK for every well-formed command, the response
/// `command + 1` after the USB latency and whatever RF work the command needs, a resend of
/// the last response on NACK, and an ACK from the host aborting the running command. Each
/// command runs in its own participant task so that a command waiting on the air (or on an
/// initiator, in target mode) lets simulated time go on.
public actor PN533Firmware {
    /// A name for logs ("reader", "emulator-1").
    public nonisolated let name: String
    /// The shared clock.
    public nonisolated let clock: SimulationClock
    /// The field this chip's antenna is in.
    public nonisolated let field: RFField
    /// The USB timing model.
    public let usb: USBTiming
    /// What GetFirmwareVersion answers: IC, Ver, Rev, Support.
    public let firmwareVersion: [UInt8]

    let toHost: SimulationChannel<[UInt8]>
    var decoder = PN533FrameDecoder()
    var lastResponse: [UInt8]?
    var generation = 0
    /// The command whose ACK is still on its way: its response must not overtake it, which
    /// two separately timed sends could do on the wall clock.
    var owedACK: Int?
    /// The command being executed: the one `complete(_:generation:)` answers for.
    var current: RunningCommand?
    /// The task of a command that runs as one (polling, activation), to cancel on abort.
    var running: SimulationTask<Void>?
    /// Timers of the running command that have not fired, cancelled with it.
    var commandTimers: [(tag: Int, timer: SimulationTimer)] = []
    var nextTimerTag = 0
    /// The generation of a TgGetInitiatorCommand waiting for the reader's next frame.
    var awaitingInitiator: Int?
    var faults: [PN533Fault] = []
    /// Whether the USB link is gone (a scripted disconnect); atomic so that the host's
    /// transport can look without a call onto the chip's executor.
    let linkDown = Atomic<Bool>(false)
    nonisolated var disconnected: Bool { linkDown.load(ordering: .acquiring) }
    var registers = CIURegisterFile()
    /// CIU_DivIrq, apart from the other registers as its RF bits follow the field.
    var divIrq = CIUDivIrq()
    var rf = RFSettings()
    var initiator = InitiatorState()
    /// The ISO-DEP exchange with a listed card whose block is on the air, if any.
    var isoDEP: ISODEPInFlight?
    /// The token the next ISO-DEP block goes out with: what its answer is matched by.
    var nextBlockToken = 0
    var targetMode: ChipTarget?
    var targetHandle: RFField.TargetHandle? {
        didSet {
            if targetHandle != nil, cardEntered.pendingCount == 0 { cardEntered.send(()) }
        }
    }
    /// Signalled when the card personality enters the field; at most one signal waits.
    let cardEntered: SimulationChannel<Void>
    var targetActivated = false
    /// Whether the chip's antenna is in the field (tests move emulated tags in and out).
    var inField = true
    var pendingInitiatorFrame: (SimulationInstant, RFReply)?
    var readerHandle: RFField.ReaderHandle?
    var lastError: UInt8 = 0
    /// SetParameters flags; 0x10 (fAutomaticRATS) makes InListPassiveTarget send RATS itself.
    var parameters: UInt8 = 0x14
    var events: FirmwareEventLog

    /// Creates a chip in `field`. It answers GetFirmwareVersion with `33 02 07 07` (a PN533)
    /// and keeps its last `eventLogCapacity` events.
    public init(
        name: String, field: RFField, usb: USBTiming = USBTiming(),
        firmwareVersion: [UInt8] = [0x33, 0x02, 0x07, 0x07], eventLogCapacity: Int = 10_000
    ) {
        events = FirmwareEventLog(capacity: eventLogCapacity)
        self.name = name
        self.field = field
        clock = field.clock
        self.usb = usb
        self.firmwareVersion = firmwareVersion
        toHost = SimulationChannel(clock: field.clock)
        cardEntered = SimulationChannel(clock: field.clock)
    }

    /// The field's executor: chips and field share one, so they call each other directly.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { field.unownedExecutor }

    /// The host side of the USB link to this chip.
    public nonisolated func transport() -> SimulatedTransport { SimulatedTransport(chip: self) }

    /// Whether the chip answers as a card in the field: in target mode, listening or
    /// activated, and not released by the reader.
    public var isCardInField: Bool { targetHandle != nil }

    /// Returns once the chip answers as a card in the field (its host armed it with
    /// TgInitAsTarget); throws `.timedOut` when it does not within `timeout`.
    public func waitForCardInField(timeout: Duration) async throws(SimulationError) {
        let deadline = clock.now.advanced(by: timeout)
        while targetHandle == nil {
            try await cardEntered.receive(deadline: deadline)
        }
    }

    /// Queues faults to commit, each once, in order.
    public func inject(_ fault: PN533Fault) { faults.append(fault) }

    /// What the chip did, in order, with virtual timestamps: the most recent events, as many
    /// as the log keeps.
    public var eventLog: [FirmwareEvent] { events.events }

    /// Events the log no longer holds because it was full.
    public var droppedEventCount: Int { events.droppedCount }

    /// Frames sent to the host and not read: what a teardown reports as left over.
    public nonisolated var unreadFrames: Int { toHost.pendingCount }

    // MARK: - Host link

    /// Bytes the host wrote (one bulk OUT transfer).
    func receiveFromHost(_ bytes: [UInt8]) throws(TransportError) {
        guard !disconnected else { throw .disconnected }
        accept(bytes)
    }

    private func accept(_ bytes: [UInt8]) {
        decoder.append(bytes)
        decoder.endTransfer()
        while true {
            let frame: PN533Frame?
            do {
                frame = try decoder.nextFrame()
            } catch {
                // A real chip ignores a frame it cannot read; the host times out on its ACK.
                record(.ignoredHostBytes("\(error)"))
                continue
            }
            guard let frame else { return }
            handle(frame)
        }
    }

    private func handle(_ frame: PN533Frame) {
        switch frame {
        case .ack:
            record(.abortedByHost)
            abortRunningCommand()
        case .nack:
            if let lastResponse { deliver(lastResponse, after: usb.ackLatency) }
        case .error:
            record(.ignoredHostBytes("error frame from host"))
        case .information(.chipToHost, _, _):
            record(.ignoredHostBytes("frame with TFI D5 from host"))
        case .information(.hostToChip, let code, let data):
            abortRunningCommand()
            start(code: code, data: data)
        }
    }

    private func start(code: UInt8, data: [UInt8]) {
        let arrival = clock.now
        record(.command(code: code, data: data))
        generation += 1
        let mine = generation
        if consumeACKFault() {
            record(.faultCommitted("no ACK"))
        } else if code == PN533Command.tgInitAsTarget.rawValue {
            // Hosts take this ACK to mean the chip listens (libnfc, nfcpy and nfcrig poll
            // from the other chip then): it goes once the card is in the field.
            owedACK = mine
        } else {
            owedACK = mine
            acknowledge(mine, arrival: arrival)
        }
        if consumeDisconnectFault() { return }
        current = RunningCommand(generation: mine, code: code, arrival: arrival)
        switch begin(code: code, data: data, generation: mine, arrival: arrival) {
        case .now(let outcome):
            complete(outcome, generation: mine)
        case .task(let body):
            running = clock.spawn { [self] in
                let outcome = await body(self)
                await complete(outcome, generation: mine)
            }
        }
    }

    /// Answers command `mine` with `outcome`, after the USB latency since it arrived, unless
    /// the command was aborted meanwhile or the outcome is still to come.
    func complete(_ outcome: FirmwareOutcome, generation mine: Int) {
        guard let command = current, command.generation == mine, generation == mine,
            !disconnected
        else { return }
        switch outcome {
        case .silent, .pending: return
        case .response, .errorFrame: break
        }
        current = nil
        if consume({ $0 == .stallNextCommand }) {
            record(.faultCommitted("stall"))
            return
        }
        var ready = max(clock.now, command.arrival.advanced(by: usb.commandLatency))
        if let delay = consumeDelayFault() {
            ready = ready.advanced(by: delay)
            record(.faultCommitted("delay \(delay)"))
        }
        if clock.hasCome(ready) {
            respond(outcome, to: command)
        } else {
            later(ready) { $0.respond(outcome, to: command) }
        }
    }

    private func respond(_ outcome: FirmwareOutcome, to command: RunningCommand) {
        guard generation == command.generation, !disconnected else { return }
        var bytes: [UInt8]
        switch outcome {
        case .response(let data):
            bytes = PN533FrameBytes.response(code: command.code &+ 1, data: data)
            record(.response(code: command.code &+ 1, data: data))
        case .errorFrame:
            bytes = PN533FrameBytes.error
            record(.errorFrame)
        case .silent, .pending:
            return
        }
        lastResponse = bytes
        if consume({ $0 == .corruptNextResponse }) {
            bytes[bytes.count - 2] ^= 0x01
            record(.faultCommitted("corrupt checksum"))
        }
        sendOwedACK(for: command.generation)
        toHost.send(bytes)
    }

    /// Runs `work` at `instant` (at once when it has come) unless the running command is
    /// aborted first.
    func later(
        _ instant: SimulationInstant, _ work: @escaping @Sendable (isolated PN533Firmware) -> Void
    ) {
        let tag = nextTimerTag
        nextTimerTag += 1
        let timer = at(instant) { firmware in
            firmware.commandTimers.removeAll { $0.tag == tag }
            work(firmware)
        }
        if let timer { commandTimers.append((tag, timer)) }
    }

    /// Sends command `command`'s ACK, no sooner than the USB model's ACK latency after it
    /// arrived at `arrival`, unless it went already.
    func acknowledge(_ command: Int, arrival: SimulationInstant) {
        at(arrival.advanced(by: usb.ackLatency)) { $0.sendOwedACK(for: command) }
    }

    /// Runs `work` at `instant`: at once when it has come, else as a timer; the timer, to
    /// cancel it, when there is one.
    @discardableResult
    private func at(
        _ instant: SimulationInstant, _ work: @escaping @Sendable (isolated PN533Firmware) -> Void
    ) -> SimulationTimer? {
        if clock.hasCome(instant) {
            work(self)
            return nil
        }
        return clock.schedule(at: instant) { [self] in await work(self) }
    }

    /// Sends command `command`'s ACK unless it went already.
    private func sendOwedACK(for command: Int) {
        guard owedACK == command else { return }
        owedACK = nil
        guard !disconnected else { return }
        toHost.send(PN533FrameBytes.ack)
    }

    func abortRunningCommand() {
        generation += 1
        current = nil
        awaitingInitiator = nil
        running?.cancel()
        running = nil
        for (_, timer) in commandTimers { clock.cancel(timer) }
        commandTimers = []
    }

    private func deliver(_ bytes: [UInt8], after delay: Duration) {
        at(clock.now.advanced(by: delay)) { $0.toHost.send(bytes) }
    }

    /// Consuming, as the log's `append`: the event moves into the log without a copy.
    func record(_ kind: consuming FirmwareEvent.Kind) {
        events.append(FirmwareEvent(at: clock.now, kind: kind))
    }

    /// The next frame for the host, waiting `timeout` at most.
    /// Nonsending, as it touches no isolated state: the host waits on its own executor.
    nonisolated(nonsending) func nextFrameForHost(timeout: Duration)
        async throws(TransportError)
        -> [UInt8]
    {
        guard !disconnected else { throw .disconnected }
        do {
            return try await toHost.receive(timeout: timeout)
        } catch .timedOut {
            if disconnected { throw .disconnected }
            throw .timeout
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .io("simulation: \(error)")
        }
    }
}

/// What a command comes to.
enum FirmwareOutcome: Sendable {
    /// A response frame with this data (after the response code).
    case response([UInt8])
    /// The syntax error frame.
    case errorFrame
    /// Nothing: the command was aborted.
    case silent
    /// Not known yet: the air or the other chip's host completes it through
    /// `complete(_:generation:)`.
    case pending
}

/// How a command goes on once its frame arrived.
enum CommandStart: Sendable {
    /// Its outcome, known at once (possibly `.pending`).
    case now(FirmwareOutcome)
    /// It runs as a participant task of its own: it polls, activates or sleeps.
    case task(@Sendable (isolated PN533Firmware) async -> FirmwareOutcome)
}

/// The command a chip is executing.
struct RunningCommand: Sendable {
    var generation: Int
    var code: UInt8
    var arrival: SimulationInstant
}

/// The RF settings RFConfiguration changes.
struct RFSettings: Sendable {
    var fieldOn = false
    /// RFConfiguration item 02, third byte: how long InDataExchange/InCommunicateThru wait.
    var retryTimeoutCode: UInt8 = 0x0A
    /// RFConfiguration item 05, third byte: 0xFF polls until a target comes.
    var passiveActivationRetries: UInt8 = 0xFF
    /// RFConfiguration item 04, MaxRtyCOM: how often InDataExchange recovers a lost or
    /// damaged ISO-DEP answer (R(NAK), or R(ACK) again in a chained answer) before it fails
    /// with the chip status. 00 after power-up: one try, no recovery; FF: no limit.
    var communicationRetries: UInt8 = 0x00

    /// Whether an exchange that already recovered `attempt` times may try once more.
    func mayRetry(after attempt: Int) -> Bool {
        communicationRetries == 0xFF || attempt < Int(communicationRetries)
    }

    /// The timeout coded as 100 µs · 2^(n−1) (0: none: the host's own timeout ends the wait,
    /// aborting the command, as a host waiting beyond the longest code, 3.28 s, must; the
    /// simulation gives up after `unlimitedRetryTimeout`).
    var retryTimeout: Duration {
        retryTimeoutCode == 0
            ? Self.unlimitedRetryTimeout
            : .microseconds(100 * (1 << Int(min(retryTimeoutCode, 16) - 1)))
    }

    /// Where the simulation ends a wait without a timeout: longer than any wait a reader
    /// means (FWT × WTXM uncapped, 59 × 4.95 s, is 292 s).
    static let unlimitedRetryTimeout = Duration.seconds(600)
}
