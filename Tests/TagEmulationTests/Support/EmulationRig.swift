import ISODEP
import ISODEPSimulation
import PN533
import PN533Sim
import SimulatedRigSupport
import TagEmulation
import Testing

/// A reader chip and an emulator chip in one field on a virtual clock (a `SimulatedRig`):
/// the emulator chip's host runs a tag emulator, the reader chip's host reads it with
/// InListPassiveTarget and InDataExchange.
struct EmulationRig: OnSimulatedRig {
    let simulated = SimulatedRig()
    /// The emulator's events, stamped with the rig's clock.
    let log: TagEventLog

    init() {
        let clock = simulated.clock
        log = TagEventLog { clock.now.offset }
    }

    var scheduler: SimulationISODEPScheduler { SimulationISODEPScheduler(clock: clock) }

    /// Runs `tag` on the opened emulator chip and `body` as the reader's host, then switches
    /// the field off, stops the emulator and waits for it.
    ///
    /// Both start inside one participation, so that virtual time cannot run ahead of the
    /// reader while the emulator listens alone, and every run gives the same timeline.
    func read<T: Sendable>(
        _ tag: some TagEmulator, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        try await clock.participate {
            let emulation = clock.spawn { [emulator] in
                try await emulator.open()
                try await tag.run()
            }
            try await reader.open()
            let result = try await body()
            try await reader.setRF(field: false)
            // Let the emulator see the release and arm again before it is stopped.
            try await clock.sleep(until: clock.now.advanced(by: .milliseconds(50)))
            emulation.cancel()
            try await emulation.value
            let left = simulated.leftovers()
            #expect(left.isClean, "teardown: \(left)")
            return result
        }
    }

    /// Whether no tag answers a poll (the chip polls on until the host gives up after
    /// 2 s), then switches the field off for 20 ms and lists the tag that wakes: what a
    /// test of a tag in HALT asks.
    func isSilentUntilTheFieldGoesOff() async throws -> Bool {
        let silent: Bool
        do {
            silent = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2)).isEmpty
        } catch PN533Error.noResponse(command: .inListPassiveTarget, _) {
            silent = true
            _ = try await reader.firmwareVersion()
        }
        try await reader.setRF(field: false)
        try await clock.sleep(until: clock.now.advanced(by: .milliseconds(20)))
        _ = try await poll()
        return silent
    }

    /// Lists the one tag in the field.
    func poll() async throws -> PassiveTarget {
        let targets = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
        guard let target = targets.first, targets.count == 1 else {
            throw RigFailure.tagsListed(targets.count)
        }
        return target
    }
}

/// What went wrong in a rig's reader procedure.
enum RigFailure: Error, Equatable {
    /// Not exactly one tag answered the poll.
    case tagsListed(Int)
    /// A status word other than 9000.
    case statusWord(command: [UInt8], answer: [UInt8])
}
