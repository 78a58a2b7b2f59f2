import ISODEP
import PN533
import PN533Sim
import TagEmulation
import TagFormat

/// One emulator chip of a rig and the tag it presents: starts the emulator for a
/// `TagSetup`, moves the tag in and out of the field, and exposes what the tag saw.
public actor RigTagSlot {
    /// The chip.
    public nonisolated let chip: RigChip
    private let time: RigTime
    private var opened = false
    private var emulator: (any TagEmulator)?
    private var type4: Type4TagEmulator?
    private var type2: Type2TagEmulator?
    private var task: RigTask?
    /// The presented tag's arming state (nil when none is presented).
    private var arming: TagArming?
    /// Whether the presented tag is in the field (not removed).
    private var inField = false
    /// The presented tag's UID (nil when none is presented).
    private var uid: [UInt8]?

    /// A slot on `chip`, timed by `time`. Its tags behave as cards do: one the reader put in
    /// HALT (S(DESELECT), HLTA) keeps silent until the field goes off.
    public init(chip: RigChip, time: RigTime) {
        self.chip = chip
        self.time = time
    }

    /// Starts presenting `setup` (replacing any tag presented before), puts it in the field,
    /// and returns once its chip listens as a tag.
    public func present(_ setup: TagSetup, uid nfcid: [UInt8]? = nil) async throws(RigTagError) {
        await stop()
        // The write history is the new tag's: forget the emulator of either type before.
        type4 = nil
        type2 = nil
        if !opened {
            do { try await chip.device.open() } catch { throw .chip(id: chip.id, error) }
            opened = true
        }
        let time = time
        // The tag is presented once its chip listens; a reader polling before would miss it.
        let arming = TagArming(time: time)
        self.arming = arming
        let log = TagEventLog(now: { time.now }, observer: { arming.observe($0.kind) })
        let scheduler = time.isoDEPScheduler
        let identity = nfcid ?? Self.nfcid(for: chip.id)
        uid = [0x08] + identity
        do {
            switch setup {
            case .type4(let spec):
                var emulatorConfiguration = Type4TagEmulatorConfiguration()
                emulatorConfiguration.target.nfcid1t = identity
                emulatorConfiguration.responseDelay = spec.responseDelay
                if let card = spec.isoDEP {
                    // A case that sets the card judges the reader's ISO-DEP by its blocks.
                    emulatorConfiguration.card = card
                    emulatorConfiguration.logsReaderBlocks = true
                }
                let emulator = Type4TagEmulator(
                    device: chip.device, card: try spec.card(),
                    configuration: emulatorConfiguration, scheduler: scheduler, log: log)
                chip.hostAnswers?.present(
                    .type4(fwt: emulatorConfiguration.card.ats.frameWaitingTime))
                type4 = emulator
                self.emulator = emulator
            case .type2(let spec):
                let tag: Type2TagEmulation
                if let layout = spec.layout {
                    tag = try Type2TagEmulation(
                        image: try layout.image(uid: [0x08] + identity, message: spec.content))
                } else if spec.formatted {
                    tag = try Type2TagEmulation(
                        memory: try Type2TagMemory(
                            uid: [0x08] + identity, dataAreaSize: spec.dataAreaSize,
                            ndefMessage: spec.content, readOnly: spec.readOnly))
                } else {
                    tag = try Type2TagEmulation(
                        image: [UInt8](repeating: 0, count: 16 + spec.dataAreaSize))
                }
                var emulatorConfiguration = Type2TagEmulatorConfiguration()
                emulatorConfiguration.target.nfcid1t = identity
                let emulator = Type2TagEmulator(
                    device: chip.device, tag: tag, configuration: emulatorConfiguration, log: log,
                    scheduler: scheduler)
                chip.hostAnswers?.present(.type2)
                type2 = emulator
                self.emulator = emulator
            }
        } catch {
            throw .setup(id: chip.id, reason: "\(error)")
        }
        let running = emulator
        task = time.spawn { try? await running?.run() }
        await chip.simulated?.setInField(true)
        inField = true
        try await ready()
    }

    /// Returns once the tag's chip listens (or a reader has it) rather than arming again
    /// after the last reader let go; at once when no tag is in the field. A conformance step
    /// waits for this before the DUT polls, so that a slow host cannot hide a tag from it.
    ///
    /// A tag a reader put in HALT while its field stays on is ready as it is: it keeps silent
    /// to REQA until the field goes off (ISO/IEC 14443-3), so its chip cannot listen yet, and
    /// finding it again is the reader's work (a reader that resolved a collision to the
    /// other tag leaves this one so).
    public func ready() async throws(RigTagError) {
        guard inField, let arming else { return }
        if case .haltedUntilFieldOff = events.last?.kind { return }
        do {
            if let simulated = chip.simulated {
                // The chip itself knows: the emulator's log lags behind a release its host
                // has not heard of yet.
                try await simulated.waitForCardInField(timeout: Self.listenDeadline)
            } else {
                try await arming.waitUntilArmed(timeout: Self.listenDeadline)
            }
        } catch {
            throw .notListening(id: chip.id, after: Self.listenDeadline)
        }
    }

    /// How long an emulator may take to arm its chip (USB round trips, a register read).
    static let listenDeadline: Duration = .seconds(10)

    /// Takes the tag out of the field (a simulated chip's antenna moves away; a USB chip
    /// stops emulating).
    public func remove() async {
        inField = false
        if let simulated = chip.simulated {
            await simulated.setInField(false)
        } else {
            await stop()
        }
    }

    /// Puts a removed tag back in the field.
    public func putBack() async {
        guard let simulated = chip.simulated else { return }
        await simulated.setInField(true)
        inField = emulator != nil
    }

    /// Stops emulating.
    public func stop() async {
        // The emulator must be gone before anything else drives the chip: a second caller
        // of one `PN533Device` waits outside the simulation clock and would stall it.
        if let task {
            task.cancel()
            await task.join()
        }
        task = nil
        chip.hostAnswers?.present(nil)
        await chip.simulated?.setInField(false)
        emulator = nil
        arming = nil
        inField = false
        uid = nil
    }

    /// The UID of the tag in the field: 08 (fixed by the chip) and the NFCID1t; nil when no
    /// tag is presented or it was removed.
    public var uidInField: [UInt8]? { inField ? uid : nil }

    /// What the tag saw, oldest first (the newest `TagEventLog.defaultCapacity` events).
    public var events: [TagEvent] { emulator?.log.events ?? [] }

    /// What the tag saw after its first `count` events, and how many of those the log no
    /// longer keeps: for following the log as it grows.
    public func events(after count: Int) -> (events: [TagEvent], dropped: Int) {
        emulator?.log.events(after: count) ?? ([], 0)
    }

    /// Commands the tag received, counting those its log no longer keeps.
    public var receivedCount: Int { emulator?.log.receivedCount ?? 0 }

    /// The writes a reader performed and what the tag held after each.
    public func writeHistory() async -> WriteHistory? {
        if let type4 { return type4.application.writeHistory }
        if let type2 { return await type2.tag.writeHistory }
        return nil
    }

    /// The NFCID1t (3 bytes after the chip's fixed 08) a chip id maps to: stable per id, so
    /// two emulators never share a UID.
    public static func nfcid(for id: String) -> [UInt8] {
        var hash: UInt32 = 2_166_136_261
        for byte in id.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return [UInt8(hash >> 16 & 0xFF), UInt8(hash >> 8 & 0xFF), UInt8(hash & 0xFF)]
    }
}

/// Why a tag could not be presented.
public enum RigTagError: Error, Sendable, CustomStringConvertible {
    /// The chip did not open.
    case chip(id: String, PN533Error)
    /// The setup is not a tag the emulator can present (too long for its file, ...).
    case setup(id: String, reason: String)
    /// The emulator's chip did not take TgInitAsTarget in time.
    case notListening(id: String, after: Duration)

    public var description: String {
        switch self {
        case .chip(let id, let error): "emulator \(id): \(error)"
        case .setup(let id, let reason): "emulator \(id): \(reason)"
        case .notListening(let id, let after):
            "emulator \(id): its chip did not start listening as a tag within \(after)"
        }
    }
}
