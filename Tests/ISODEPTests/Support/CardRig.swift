import ISODEP
import ISODEPSimulation
import NFCRigTestSupport
import PN533
import PN533Sim
import SimulatedRigSupport

/// A reader chip and an emulator chip in one field on a virtual clock (a `SimulatedRig`):
/// the emulator's host serves an `ISODEPCard`, the reader's host talks to it through the
/// chip's ISO-DEP or its own.
struct CardRig: OnSimulatedRig {
    let simulated = SimulatedRig()
    /// What the card reported.
    let events = Recorder<ISODEPCardEvent>()

    /// ISO-DEP time on the rig's clock, for the card and the host's reader.
    var scheduler: SimulationISODEPScheduler { SimulationISODEPScheduler(clock: clock) }

    /// An ISO-DEP card as TgInitAsTarget presents it: SEL_RES 20 makes a PN533 reader send
    /// RATS itself during InListPassiveTarget.
    static let isoDEPCard = TargetConfiguration(
        sensRes: [0x04, 0x00], nfcid1t: [0xA1, 0xB2, 0xC3], selRes: 0x20)

    /// Sets up the emulator's host: TgInitAsTarget, then one `ISODEPCard` session; the host's
    /// value is how the session ended. It starts with the test's participation.
    func startCard(
        _ configuration: ISODEPCardConfiguration = .init(),
        target: TargetConfiguration = Self.isoDEPCard,
        immediate: ISODEPCard.ImmediateHandler? = nil, handler: ISODEPCard.Handler? = nil,
        reporting: ISODEPCardEventKinds = .all
    ) -> RigHost<ISODEPCardSessionEnd> {
        let handler = handler ?? TestApplication.handler(clock: clock)
        return host { [emulator, scheduler, events] in
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
        host { [emulator] in
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

    /// Opens the reader and lists the one card in the field.
    func listCard() async throws -> PassiveTarget {
        try await reader.open()
        let targets = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
        guard let target = targets.first else { throw RigError.noCard }
        return target
    }

    /// Lists the card and returns an APDU transceiver for it along `path`; the chip recovers
    /// `chipRecoveries` lost answers per exchange (MaxRtyCOM; 2, as the reference reader
    /// sets it).
    func transceiver(_ path: ReaderPath, chipRecoveries: UInt8 = 2) async throws
        -> any APDUTransceiver
    {
        let target = try await listCard()
        switch path {
        case .chip:
            try await reader.setCommunicationRetries(chipRecoveries)
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
