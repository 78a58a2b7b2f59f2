import Foundation
import HexText
import Rig
import TagReader

/// What `emulate` runs: which emulator presents which tag, and how often the reference reader
/// reads it back on a virtual-clock rig.
struct EmulationPlan: Sendable {
    var file: RigFile
    var directory: URL
    /// The index of the emulator in `file.emulators`.
    var emulator: Int
    var setup: TagSetup
    var type: TagTypeArgument
    /// Reads on a virtual-clock rig.
    var reads: Int

    /// `tag-a: Type 4 tag (...), UID 08a1b2c3`.
    var header: String {
        let id = file.emulators[emulator].id
        let uid = Hex.encode([0x08] + RigTagSlot.nfcid(for: id))
        return "\(id): \(TagSetupBuilder.summary(setup)), UID \(uid)"
    }
}

/// How `emulate` ended.
enum EmulationOutcome: Sendable, Equatable {
    /// Interrupted (wall clock), or every read-back found the tag (virtual clock).
    case finished
    /// A read-back on a virtual-clock rig did not find the tag.
    case notRead(reads: Int, missed: Int)
    /// The chips could not be set up.
    case failed(String)
}

/// `emulate`'s two ways of running: until interrupted on a wall-clock rig, where something
/// outside nfcrig reads the tag; read back by the reference reader on a virtual-clock rig,
/// where nothing but nfcrig is in the simulated field.
enum EmulationSession {
    /// Lines to print, written as they come.
    typealias Output = @Sendable ([String]) -> Void

    /// Runs `plan` as its rig's clock demands.
    static func run(_ plan: EmulationPlan, output: @escaping Output) async -> EmulationOutcome {
        if plan.file.clock == .virtual { return await readBack(plan, output: output) }
        return await untilInterrupted(plan, signals: InterruptSignals.catching(), output: output)
    }

    /// Presents the tag and has the reference reader poll and read it `plan.reads` times,
    /// printing the tag's events after each read and the read's result.
    static func readBack(_ plan: EmulationPlan, output: @escaping Output) async
        -> EmulationOutcome
    {
        let rig: AssembledRig
        do {
            rig = try await AssembledRig.assemble(
                plan.file, directory: plan.directory, emulators: [plan.emulator], reader: true)
        } catch {
            return .failed(error.description)
        }
        let slot = rig.tagSlot(on: rig.emulators[0])
        output([plan.header])
        do {
            // The emulator starts inside the reader's participation, so that virtual time
            // cannot run on while the tag listens alone.
            let missed = try await rig.run { () async throws -> Int in
                try await slot.present(plan.setup)
                let reader = try await rig.referenceReader()
                var printed = 0
                var missed = 0
                for number in 1...plan.reads {
                    let outcome = await TagReading.readOnce(reader, timeout: .seconds(1))
                    printed = await printEvents(of: slot, from: printed, plan: plan, output)
                    output(["read \(number): \(TagReadReport(outcome: outcome).summary())"])
                    if case .tag = outcome {} else { missed += 1 }
                }
                // Field off, and time for the tag to see the reader go and listen again.
                try? await reader.invalidate()
                await rig.sleep(for: .milliseconds(50))
                _ = await printEvents(of: slot, from: printed, plan: plan, output)
                await slot.stop()
                return missed
            }
            await rig.close()
            return missed == 0 ? .finished : .notRead(reads: plan.reads, missed: missed)
        } catch {
            await rig.close()
            return .failed("\(error)")
        }
    }

    /// Presents the tag on a wall-clock rig and prints its events until SIGINT or SIGTERM,
    /// then stops the emulator and releases the chip. Only the emulator's chip is opened,
    /// so the rig's reader stays free for another process (`nfcrig read`) to use.
    static func untilInterrupted(
        _ plan: EmulationPlan, signals: InterruptSignals, output: @escaping Output
    ) async -> EmulationOutcome {
        let rig: AssembledRig
        do {
            rig = try await AssembledRig.assemble(
                plan.file, directory: plan.directory, emulators: [plan.emulator], reader: false)
        } catch {
            return .failed(error.description)
        }
        let slot = rig.tagSlot(on: rig.emulators[0])
        do {
            try await slot.present(plan.setup)
        } catch {
            await rig.close()
            return .failed(error.description)
        }
        output([plan.header + "; until interrupted (SIGINT or SIGTERM)"])
        var printed = 0
        while signals.caught == nil {
            printed = await printEvents(of: slot, from: printed, plan: plan, output)
            try? await Task.sleep(for: .milliseconds(50))
        }
        _ = await printEvents(of: slot, from: printed, plan: plan, output)
        await slot.stop()
        await rig.close()
        output(["stopped by \(InterruptSignals.name(signals.caught ?? SIGINT))"])
        return .finished
    }

    /// Prints the events after the first `printed` (a line saying how many are missing when
    /// the log dropped some first); returns how many are accounted for now.
    private static func printEvents(
        of slot: RigTagSlot, from printed: Int, plan: EmulationPlan, _ output: Output
    ) async -> Int {
        let (events, dropped) = await slot.events(after: printed)
        guard dropped + events.count > 0 else { return printed }
        var lines: [String] = []
        if dropped > 0 { lines.append("(\(dropped) events not shown: the log keeps the newest)") }
        lines += events.map { TagEventText.line($0, type: plan.type) }
        output(lines)
        return printed + dropped + events.count
    }
}
