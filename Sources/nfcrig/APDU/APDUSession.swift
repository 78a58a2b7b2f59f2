import Foundation
import HexText
import Rig
import TagFormat
import TagReader

/// The `apdu` verb's session: the rig's reference reader polls, selects the first AID the
/// tag answers and sends each command, all in one `rig.run`, so that virtual time cannot
/// pass the reader by.
enum APDUSession {
    /// What to do.
    struct Plan: Sendable {
        var aids: [ApplicationIdentifier]
        var commands: [CommandAPDU]
        /// Tags to present on the first emulators first (a simulated field).
        var simulatedTags: [TagSetup]
        var timeout: Duration
    }

    /// What happened: lines to print, and why the session stopped early.
    struct Outcome: Sendable {
        var lines: [String] = []
        var failure: String?
    }

    static func run(_ plan: Plan, rig file: RigFile, directory: URL) async -> Outcome {
        let rig: AssembledRig
        do {
            rig = try await AssembledRig.assemble(
                file, directory: directory, emulators: Array(plan.simulatedTags.indices),
                reader: true)
        } catch {
            return Outcome(failure: error.description)
        }
        let outcome: Outcome
        do {
            outcome = try await rig.run {
                var slots: [RigTagSlot] = []
                for (chip, setup) in zip(rig.emulators, plan.simulatedTags) {
                    let slot = rig.tagSlot(on: chip)
                    try await slot.present(setup)
                    slots.append(slot)
                }
                let reader = try await rig.referenceReader()
                let outcome = await session(plan, reader)
                try? await reader.invalidate()
                for slot in slots { await slot.stop() }
                return outcome
            }
        } catch {
            outcome = Outcome(failure: "\(error)")
        }
        await rig.close()
        return outcome
    }

    /// Poll, select, send: each step's line, until one fails.
    static func session(_ plan: Plan, _ reader: NFCReferenceReader) async -> Outcome {
        var outcome = Outcome()
        do throws(NFCReaderError) {
            guard case .tag(let tag) = try await reader.poll(timeout: plan.timeout) else {
                outcome.failure = "no single tag in the field within \(plan.timeout)"
                return outcome
            }
            guard let selection = try await reader.selectISO7816Application(from: plan.aids)
            else {
                outcome.failure =
                    "tag \(Hex.encode(tag.identifier)) answered none of "
                    + plan.aids.map(\.description).joined(separator: ", ")
                    + " (it is no ISO 7816 tag to this session)"
                return outcome
            }
            outcome.lines.append(
                "tag \(Hex.encode(tag.identifier)), historical bytes "
                    + (selection.historicalBytes.isEmpty
                        ? "none" : Hex.encode(selection.historicalBytes)))
            outcome.lines.append(
                "selected \(selection.initialSelectedAID)"
                    + (selection.applicationData.map { ", application data \(Hex.encode($0))" }
                        ?? ""))
            for command in plan.commands {
                outcome.lines.append("> " + Hex.encode(command.encoded()))
                let response = try await reader.sendCommand(command)
                outcome.lines.append("< " + text(response))
            }
        } catch {
            outcome.failure = "\(error)"
        }
        return outcome
    }

    /// `0102 9000 (ok)`: the data, the status word and what it means.
    static func text(_ response: ResponseAPDU) -> String {
        let data = response.data.isEmpty ? "" : Hex.encode(response.data) + " "
        return data + Hex.digits(response.statusWord.rawValue)
            + (response.statusWord.meaning.map { " (\($0))" } ?? "")
    }
}
