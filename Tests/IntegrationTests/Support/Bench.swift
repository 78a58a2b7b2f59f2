import Foundation
import NDEF
import NFCRigTestSupport
import PN533
import PN533Sim
import Rig
import TagEmulation
import TagReader
import Testing

/// nfcrig's emulator and nfcrig's reference reader on simulated chips of one assembled rig,
/// virtual clock: one or two emulator chips, each behind a `RigTagSlot`, and the reader's
/// chip. `run` opens the reader, presents the tags and runs a body, all inside one
/// participation of the clock, then stops the emulators.
struct Bench: Sendable {
    let rig: AssembledRig
    /// The rig's virtual clock: the bench watches it for deadlocks and times removals on it.
    let clock: SimulationClock
    let slots: [RigTagSlot]
    let reader: NFCReferenceReader
    /// Every event the reader reported, in order.
    let readerEvents = Recorder<ReaderEvent>()
    /// The simulated reader chip, for fault injection and its RF log.
    let readerChip: PN533Firmware
    /// The simulated emulator chips, in slot order.
    let emulatorChips: [PN533Firmware]
    /// Every tag's events when the emulators were stopped (a stopped slot forgets them).
    private let tagEvents = Locked<[[TagEvent]]>([])

    /// A rig of `tags` simulated emulator chips and a simulated reference reader.
    init(tags: Int = 1, configuration: ReaderConfiguration = ReaderConfiguration()) async throws {
        let file = RigFile(
            name: "integration",
            emulators: (0..<tags).map { RigFile.Emulator(id: "tag-\($0)", device: .sim) },
            dut: .reference(device: .sim))
        let rig = try await AssembledRig.assemble(
            file, directory: URL(fileURLWithPath: NSTemporaryDirectory()))
        self.rig = rig
        guard let clock = rig.simulationClock, clock.mode == .virtual, let dut = rig.readerChip,
            let chip = dut.simulated
        else { throw BenchError.notSimulated }
        self.clock = clock
        readerChip = chip
        emulatorChips = try rig.emulators.map { chip in
            guard let simulated = chip.simulated else { throw BenchError.notSimulated }
            return simulated
        }
        slots = rig.emulators.map(rig.tagSlot(on:))
        reader = NFCReferenceReader(
            device: dut.device, configuration: configuration, clock: rig.readerClock,
            onEvent: readerEvents.record)
    }

    /// The first slot (the one tag of a pair).
    var slot: RigTagSlot { slots[0] }

    /// Opens the reader's chip, presents `setups` (one per slot, in order) and runs `body`,
    /// all as one participant of the virtual clock so that time cannot run ahead while only
    /// the emulators run; then stops every emulator, whatever `body` did.
    func run<T: Sendable>(
        _ setups: [TagSetup], _ body: @Sendable () async throws -> T
    ) async throws -> T {
        guard setups.count <= slots.count else { throw BenchError.tooManyTags(setups.count) }
        return try await clock.participate {
            // Waits for nothing, with no deadline: only the clock's deadlock detection,
            // which wakes every such wait once nobody can act any more, ends it early.
            let sentinel = SimulationChannel<Void>(clock: clock)
            let watch = clock.spawn { () -> SimulationInstant? in
                do throws(SimulationError) {
                    try await sentinel.receive(deadline: nil)
                    return nil
                } catch {
                    if case .deadlock(let at) = error { return at }
                    return nil
                }
            }
            try await reader.device.open()
            for (slot, setup) in zip(slots, setups) { try await slot.present(setup) }
            let outcome: Result<T, any Error>
            do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
            var seen: [[TagEvent]] = []
            for slot in slots { seen.append(await slot.events) }
            tagEvents.withLock { $0 = seen }
            for slot in slots { await slot.stop() }
            sentinel.send(())
            if let at = try await watch.value {
                Issue.record("the clock found every participant waiting at \(at)")
            }
            let deadlocks = await deadlockReports()
            if !deadlocks.isEmpty { Issue.record("deadlocks reported: \(deadlocks)") }
            return try outcome.get()
        }
    }

    /// `run` with one tag.
    func run<T: Sendable>(
        _ setup: TagSetup, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        try await run([setup], body)
    }

    /// Presents `setup`, connects and reads it once.
    func readOnce(_ setup: TagSetup) async throws -> NDEFMessage {
        try await run(setup) {
            try await connect()
            return try await reader.readNDEF()
        }
    }

    /// With `run`: connects and reads the tag, writes `message`, then polls again (which
    /// powers the tag down) and reads it afresh; both messages read.
    func readWriteAndReadAgain(_ message: NDEFMessage) async throws -> (
        before: NDEFMessage, after: NDEFMessage
    ) {
        try await connect()
        let before = try await reader.readNDEF()
        try await reader.writeNDEF(message)
        try await connect()
        return (before, try await reader.readNDEF())
    }

    /// Polls for a second and insists on exactly one tag.
    @discardableResult
    func connect() async throws -> NFCTag {
        let result = try await reader.poll(timeout: .seconds(1))
        guard case .tag(let tag) = result else { throw BenchError.notOneTag(result) }
        return tag
    }

    /// What a tag saw, oldest first: live while `run` runs, as it was when the emulators
    /// stopped afterwards.
    func events(of slot: Int = 0) async -> [TagEvent] {
        let live = await slots[slot].events
        if !live.isEmpty { return live }
        let stopped = tagEvents.value
        return stopped.indices.contains(slot) ? stopped[slot] : []
    }

    /// The commands a tag received (APDUs for a Type 4 Tag, T2T commands for a Type 2 Tag),
    /// oldest first.
    func commands(of slot: Int = 0) async -> [[UInt8]] {
        await events(of: slot).compactMap {
            if case .received(let bytes) = $0.kind { bytes } else { nil }
        }
    }

    /// Every log line of the run that mentions the clock's deadlock detection: the reader's
    /// events and every tag's events. Empty when the simulation never found every
    /// participant waiting with nothing left to wake it.
    func deadlockReports() async -> [String] {
        var lines = readerEvents.all.map { "\($0)" }
        for slot in slots.indices { lines += await events(of: slot).map { "\($0)" } }
        return lines.filter { $0.contains("deadlock") }
    }
}

enum BenchError: Error {
    case notSimulated
    case tooManyTags(Int)
    case notOneTag(PollResult)
}
