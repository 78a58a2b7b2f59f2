import Foundation
import HexText
import PN533Sim
import Rig
import TagReader
import VirtualUSB

/// `sim usb` at work: the simulated chips on the wall clock, some on virtual USB for the
/// command, nfcrig's tags on the others, the command as a child, and, with `--read`, nfcrig's
/// reference reader reading the tag the command emulates.
enum SimUSBSession {
    /// Lines to print.
    typealias Output = @Sendable ([String]) -> Void

    /// Runs `command` on `layout`; the exit status `sim usb` ends with.
    static func run(
        _ layout: SimUSBLayout, command: [String], timeout: Duration?,
        removeAfter: Duration? = nil, signals: InterruptSignals, output: @escaping Output,
        note: @escaping Output
    ) async -> Int32 {
        let bus: VirtualUSBBus
        let rig: AssembledRig
        do {
            bus = try VirtualUSBBus()
            // Real USB (virtual, through umockdev) carries the exposed chips' latency itself.
            rig = try await AssembledRig.assemble(
                layout.file, directory: layout.directory, usb: .zero)
        } catch {
            note(["error: \(error)"])
            return 1
        }
        var devices: [VirtualPN533Device] = []
        var slots: [RigTagSlot] = []
        do {
            for (position, chip) in layout.exposed.enumerated() {
                let rigChip = chip.map { rig.emulators[$0] } ?? rig.readerChip
                guard let rigChip, let firmware = rigChip.simulated else { continue }
                let device = try VirtualPN533Device(
                    chip: firmware, bus: bus, address: SimUSBLayout.address(position))
                devices.append(device)
                note(["\(rigChip.id): \(role(chip)) on virtual USB \(device.location)"])
            }
            for (index, setup) in layout.tags.enumerated() {
                let slot = rig.tagSlot(on: rig.emulators[index])
                try await slot.present(setup)
                slots.append(slot)
                let uid = Hex.encode([0x08] + RigTagSlot.nfcid(for: rig.emulators[index].id))
                note([
                    "\(rig.emulators[index].id): \(TagSetupBuilder.summary(setup)), UID \(uid), "
                        + "emulated by nfcrig"
                ])
            }
        } catch {
            note(["error: \(error)"])
            await finish(slots: slots, rig: rig)
            return 1
        }
        let child: ChildCommand
        do {
            child = try ChildCommand(command, environment: bus.childEnvironment)
        } catch {
            note(["error: \(error)"])
            await finish(slots: slots, rig: rig)
            return 127
        }
        let removal = removeAfter.map { delay in
            Task { [slots] in
                try? await Task.sleep(for: delay)
                guard !Task.isCancelled else { return }
                for slot in slots { await slot.remove() }
                note(["took \(slots.count) tag(s) out of the field after \(describe(delay))"])
            }
        }
        defer { removal?.cancel() }
        let status: Int32
        if layout.read {
            status = await readWhileRunning(
                child, rig: rig, timeout: timeout ?? .seconds(20), signals: signals,
                output: output, note: note)
        } else {
            status = await waitForCommand(child, timeout: timeout, signals: signals, note: note)
        }
        await finish(slots: slots, rig: rig)
        devices.removeAll()
        return status
    }

    /// What an exposed chip is for, in the start-up lines.
    private static func role(_ chip: Int?) -> String {
        chip == nil ? "reader chip" : "emulator chip"
    }

    /// Waits for the command, passing SIGINT and SIGTERM on; ends it after `timeout`.
    private static func waitForCommand(
        _ child: ChildCommand, timeout: Duration?, signals: InterruptSignals,
        note: @escaping Output
    ) async -> Int32 {
        let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) }
        var forwarded = false
        while child.status == nil {
            if let signal = signals.caught, !forwarded {
                child.send(signal)
                forwarded = true
            }
            if let deadline, ContinuousClock.now >= deadline {
                note([
                    "error: \(child.arguments[0]) still ran after \(describe(timeout!)); ended it"
                ])
                _ = await child.terminate()
                return 124
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await child.wait()
    }

    /// Reads with the reference reader until a tag's message is read, the command ends, or
    /// `timeout` passes; ends the command once read.
    private static func readWhileRunning(
        _ child: ChildCommand, rig: AssembledRig, timeout: Duration, signals: InterruptSignals,
        output: @escaping Output, note: @escaping Output
    ) async -> Int32 {
        let reader: NFCReferenceReader
        do {
            reader = try await rig.referenceReader()
        } catch {
            note(["error: \(error)"])
            _ = await child.terminate()
            return 1
        }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var last: TagReadReport?
        while ContinuousClock.now < deadline {
            if let signal = signals.caught {
                child.send(signal)
                _ = await child.wait()
                note(["stopped by \(InterruptSignals.name(signal)) before a tag was read"])
                return 1
            }
            if let status = child.status {
                note([
                    "error: \(child.arguments[0]) exited with status \(status) before nfcrig's "
                        + "reader read a tag" + (last?.failure().map { " (last: \($0))" } ?? "")
                ])
                return 1
            }
            let report = TagReadReport(
                outcome: await TagReading.readOnce(reader, timeout: .milliseconds(500)))
            if case .tag(let result) = report.outcome, result.error == nil {
                output(report.text())
                try? await reader.invalidate()
                let status = await child.terminate()
                note(["\(child.arguments[0]) ended with status \(status) after the read"])
                return 0
            }
            last = report
        }
        try? await reader.invalidate()
        _ = await child.terminate()
        note([
            "error: nfcrig's reader read no tag within \(describe(timeout))"
                + (last?.failure().map { " (last: \($0))" } ?? "")
        ])
        return 1
    }

    private static func finish(slots: [RigTagSlot], rig: AssembledRig) async {
        for slot in slots { await slot.stop() }
        await rig.close()
    }

    private static func describe(_ duration: Duration) -> String {
        TagReadReport.seconds(duration)
    }
}
