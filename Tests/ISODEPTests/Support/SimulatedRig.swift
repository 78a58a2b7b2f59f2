import ISODEP
import NFCRigTestSupport
import PN533
import PN533Sim
import Testing

/// Two simulated PN533s in one field on a virtual clock: the emulator's host serves an
/// `ISODEPCard`, the reader's host talks to it through the chip's ISO-DEP or its own.
struct SimulatedRig {
    let clock = SimulationClock()
    let field: RFField
    let readerChip: PN533Firmware
    let emulatorChip: PN533Firmware
    let reader: PN533Device
    let emulator: PN533Device
    let scheduler: SimulationISODEPScheduler
    let events = Recorder<ISODEPCardEvent>()
    /// Hosts set up by `startCard`/`startSilentCard`, started once the test participates.
    let hosts = PendingHosts()

    /// An ISO-DEP card as TgInitAsTarget presents it: SEL_RES 20 makes a PN533 reader send
    /// RATS itself during InListPassiveTarget.
    static let isoDEPCard = TargetConfiguration(
        sensRes: [0x04, 0x00], nfcid1t: [0xA1, 0xB2, 0xC3], selRes: 0x20)

    init() {
        field = RFField(clock: clock)
        readerChip = PN533Firmware(name: "reader", field: field)
        emulatorChip = PN533Firmware(name: "emulator", field: field)
        reader = PN533Device(transport: readerChip.transport())
        emulator = PN533Device(transport: emulatorChip.transport())
        scheduler = SimulationISODEPScheduler(clock: clock)
    }

    /// Sets up the emulator's host: TgInitAsTarget, then one `ISODEPCard` session; the host's
    /// value is how the session ended. It starts with the test's participation.
    func startCard(
        _ configuration: ISODEPCardConfiguration = .init(),
        target: TargetConfiguration = Self.isoDEPCard,
        immediate: ISODEPCard.ImmediateHandler? = nil, handler: ISODEPCard.Handler? = nil,
        reporting: ISODEPCardEventKinds = .all
    ) -> RigHost<ISODEPCardSessionEnd> {
        let handler = handler ?? TestApplication.handler(clock: clock)
        return hosts.add(on: clock) { [emulator, scheduler, events] in
            try await emulator.open()
            let activation = try await emulator.initAsTarget(target, timeout: .seconds(5))
            let card = ISODEPCard(
                device: emulator, configuration: configuration, scheduler: scheduler,
                reporting: reporting, onEvent: events.record)
            return try await card.run(
                activation: activation, immediate: immediate, handler: handler)
        }
    }

    /// Sets up an emulator host that answers RATS with the default ATS and then stops
    /// serving the card: a card that never answers a block.
    func startSilentCard() -> RigHost<Void> {
        hosts.add(on: clock) { [emulator] in
            try await emulator.open()
            _ = try await emulator.initAsTarget(Self.isoDEPCard, timeout: .seconds(5))
            try await emulator.respondToInitiator(ISODEPCardConfiguration().ats.encode())
        }
    }

    /// Reads `count` reader frames waiting at the silent card's chip. A PN533Sim channel
    /// freed with frames in it crashes ("Recursive call to lock Mutex": its deinit frees
    /// the frames' reply channels under the clock's lock), so tests leave none behind.
    func drainSilentCard(_ count: Int) async throws {
        for _ in 0..<count { _ = try await emulator.getInitiatorCommand() }
    }

    /// Runs `body` as a participant of the clock, with the hosts set up so far started first:
    /// a host spawned before the test participates could run virtual time past its own
    /// timeouts while nobody else counted as running.
    func participate<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await clock.participate {
            hosts.startAll()
            return try await body()
        }
    }

    /// Opens the reader and lists the one card in the field.
    func listCard() async throws -> PassiveTarget {
        try await reader.open()
        let targets = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
        guard let target = targets.first else { throw RigError.noCard }
        return target
    }

    /// Lists the card and returns an APDU transceiver for it along `path`.
    func transceiver(_ path: ReaderPath) async throws -> any APDUTransceiver {
        let target = try await listCard()
        switch path {
        case .chip:
            return ChipISODEPTransceiver(device: reader, target: target.tg)
        case .host:
            return try ISODEPReader(
                link: CommunicateThruLink(device: reader), target: target, scheduler: scheduler)
        }
    }

    /// Runs `body` as the reader's host with a transceiver along `path`, then switches the
    /// field off and waits for `card`'s session to end.
    func read<T: Sendable>(
        _ path: ReaderPath, card: RigHost<ISODEPCardSessionEnd>,
        _ body: @Sendable (any APDUTransceiver) async throws -> T
    ) async throws -> T {
        try await participate {
            let result = try await body(try await transceiver(path))
            try await reader.setRF(field: false)
            _ = try await card.value
            return result
        }
    }

    enum RigError: Error {
        case noCard
    }
}

/// Who runs ISO-DEP on the reader side.
enum ReaderPath: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// The chip, through InDataExchange.
    case chip
    /// The host's `ISODEPReader`, through InCommunicateThru.
    case host

    var testDescription: String { rawValue }
}

/// The emulated card's application: echoes a command followed by 90 00; `00 CA hi lo`
/// answers hi·256+lo pattern bytes and 90 00; `00 5E hi lo` first sleeps hi·256+lo ms.
enum TestApplication {
    static func handler(clock: SimulationClock) -> ISODEPCard.Handler {
        { apdu in
            guard apdu.count == 4, apdu[0] == 0x00 else { return apdu + [0x90, 0x00] }
            let value = Int(apdu[2]) << 8 | Int(apdu[3])
            switch apdu[1] {
            case 0xCA:
                return pattern(value) + [0x90, 0x00]
            case 0x5E:
                try? await clock.sleep(until: clock.now.advanced(by: .milliseconds(value)))
                return [0x90, 0x00]
            default:
                return apdu + [0x90, 0x00]
            }
        }
    }

    /// `count` bytes counting up from 0, wrapping.
    static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0) }
    }
}

/// An emulator host a test set up: it runs as a participant task once started.
final class RigHost<Success: Sendable>: Sendable {
    private let clock: SimulationClock
    private let body: @Sendable () async throws -> Success
    private let task = Locked<SimulationTask<Success>?>(nil)

    init(clock: SimulationClock, body: @escaping @Sendable () async throws -> Success) {
        self.clock = clock
        self.body = body
    }

    /// Spawns the host unless it runs already.
    func start() -> SimulationTask<Success> {
        task.withLock { task in
            if let task { return task }
            let started = clock.spawn(body)
            task = started
            return started
        }
    }

    /// How the host ended (started now if it was not yet).
    var value: Success {
        get async throws { try await start().value }
    }
}

/// The hosts of a rig waiting for the test to participate.
final class PendingHosts: Sendable {
    private let starts = Locked<[@Sendable () -> Void]>([])

    func add<Success: Sendable>(
        on clock: SimulationClock, _ body: @escaping @Sendable () async throws -> Success
    ) -> RigHost<Success> {
        let host = RigHost(clock: clock, body: body)
        starts.withLock { $0.append { _ = host.start() } }
        return host
    }

    func startAll() {
        for start in starts.withLock({ starts in
            defer { starts = [] }
            return starts
        }) { start() }
    }
}
