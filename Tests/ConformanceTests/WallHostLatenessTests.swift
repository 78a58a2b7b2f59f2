import Conformance
import Foundation
import PN533
import PN533Sim
import Testing

@testable import Rig

/// On a bench of USB dongles no simulated field sees the air: each emulator times its host
/// from its own transfers. Here the dongles are simulated chips the rig is not told about
/// (`simulated: nil`, no field of the rig's), on the wall clock, in an air of their own,
/// and the emulator's host is held up by an injected delay: a case the reader then fails
/// is the harness's error with the figures, and without the delay the same case passes.
/// Real time: in the Makefile's WALL_CLOCK_TESTS. `VirtualUSBHostLatenessTests` below runs
/// the same over virtual USB.
@Suite(.serialized) struct WallHostLatenessTests {
    /// The fault: a host that takes `delay` before it hands the chip an answer `holds`
    /// picks (TgResponseToInitiator), as a busy machine's would. Only the answers a read
    /// needs are held, so the tag is still activated (its ATS goes in time) and the late
    /// answer is one the reading case depends on.
    struct HostDelayTransport<Base: Transport>: Transport {
        let base: Base
        let delay: Duration
        let holds: @Sendable ([UInt8]) -> Bool

        nonisolated(nonsending) func send(_ bytes: [UInt8]) async throws(TransportError) {
            if delay > .zero, let frame = try? PN533Frame.decode(transfer: bytes),
                case .information(.hostToChip, let code, let answer) = frame,
                code == PN533Command.tgResponseToInitiator.rawValue, holds(answer)
            {
                try? await Task.sleep(for: delay)
            }
            try await base.send(bytes)
        }

        nonisolated(nonsending) func receive(timeout: Duration) async throws(TransportError)
            -> [UInt8]
        {
            try await base.receive(timeout: timeout)
        }

        var preferredExecutor: (any SerialExecutor)? { base.preferredExecutor }
    }

    /// How the emulator's host reaches its chip: in process, or through libusb on virtual
    /// USB (umockdev), as it reaches a dongle.
    enum Link: Sendable {
        case inProcess
        case virtualUSB(VirtualUSBChips)
    }

    /// A bench: emulator `tag-a` and the reference reader's chip on "dongles" (simulated
    /// chips in an air of their own), the rig on the plain wall clock with no field, the
    /// emulator's host delayed by `hostDelay` after its monitor has seen the command.
    static func bench(
        hostDelay: Duration, holding holds: @escaping @Sendable ([UInt8]) -> Bool, link: Link
    ) async throws -> AssembledRig {
        let time = RigTime.wall()
        let air = RFField(clock: SimulationClock(mode: .wall))
        let tag = PN533Firmware(name: "tag-a", field: air, usb: .zero)
        let reader = PN533Firmware(name: "dut", field: air, usb: .zero)
        await tag.setInField(true)
        let monitor = HostAnswerMonitor(emulator: "tag-a", now: { time.now })
        // The monitor sees each answer when the host hands it over: after the delay.
        func delayed(_ transport: some Transport) -> PN533Device {
            let observed = ObservedTransport(transport, observer: monitor.observe)
            return PN533Device(
                transport: HostDelayTransport(base: observed, delay: hostDelay, holds: holds))
        }
        let device: PN533Device
        switch link {
        case .inProcess: device = delayed(tag.transport())
        case .virtualUSB(let chips): device = delayed(try await chips.plug(tag, id: "tag-a"))
        }
        let tagChip = RigChip(id: "tag-a", device: device, simulated: nil, hostAnswers: monitor)
        let readerChip = RigChip(
            id: "dut", device: PN533Device(transport: reader.transport()), simulated: nil)
        let file = RigFile(
            name: "bench", clock: .wall,
            emulators: [RigFile.Emulator(id: "tag-a", device: .usb(selector: "0"))],
            dut: .reference(device: .usb(selector: "1")))
        return AssembledRig(
            file: file, directory: FileManager.default.temporaryDirectory, time: time,
            field: nil, emulators: [tagChip], readerChip: readerChip, dutReader: nil,
            virtualUSB: nil)
    }

    /// The answers a reading case needs: a Type 4 Tag's I-blocks (PCB 02/03, chaining and
    /// CID bits aside; not the ATS, R- or S-blocks), a Type 2 Tag's READ data (not the 4-bit
    /// ACK).
    static func readAnswer(_ id: String) -> @Sendable ([UInt8]) -> Bool {
        guard id == "NDEF-R-001" else { return { answer in answer.count > 1 } }
        return { answer in
            guard let pcb = answer.first else { return false }
            return pcb & 0xE2 == 0x02
        }
    }

    /// Case `id` on a bench whose emulator host takes `hostDelay` more for each answer a
    /// read needs; the result, and how many answers the emulator timed.
    static func run(_ id: String, hostDelay: Duration, link: Link = .inProcess) async throws
        -> (CaseResult, timed: Int)
    {
        let rig = try await bench(hostDelay: hostDelay, holding: readAnswer(id), link: link)
        let readCase = try #require(ConformanceCatalog.allCases.first { $0.id == id })
        let dut = ReferenceDUT(chip: try #require(rig.readerChip), clock: rig.readerClock)
        let result = await ConformanceRunner(rig: rig, dut: dut, repeatCount: 1).run(readCase)
        await dut.close()
        await rig.close()
        return (result, rig.emulators[0].hostAnswers?.timedAnswers ?? 0)
    }

    /// NDEF-R-001 reads a Type 4 Tag (FWI 8: FWT 77.3 ms); NDEF-R-003 a Type 2 Tag (READ
    /// timeout 5 ms). The delay is past what the simulated reader waits for either.
    static let cases = [
        // The first late answer: the one to the SELECT of the NDEF application.
        ("NDEF-R-001", "to answer SELECT, the tag's FWT is 77.3 ms"),
        ("NDEF-R-003", "to answer READ, the tag's READ timeout is 5.0 ms"),
    ]

    @Test(arguments: cases)
    func aSlowEmulatorHostIsTheHarnessesErrorWithItsFigures(id: String, figures: String)
        async throws
    {
        try await Self.check(id, figures: figures, link: .inProcess)
    }

    /// With a 250 ms host delay case `id` is the harness's error naming `figures`; without
    /// it the case passes, every answer timed and none late.
    static func check(_ id: String, figures: String, link: Link) async throws {
        let (slow, _) = try await run(id, hostDelay: .milliseconds(250), link: link)
        #expect(slow.verdict == .error, "\(slow.message)")
        #expect(slow.message.hasPrefix("harness: emulator tag-a's host took "), "\(slow.message)")
        #expect(slow.message.contains(figures), "\(slow.message)")
        let attempts = 1 + ConformanceRunner.harnessRetries
        #expect(
            slow.message.contains("late answer(s) in \(attempts) attempt(s)"), "\(slow.message)")
        // What the DUT was seen to do comes after, never as its verdict.
        #expect(slow.message.contains("; the DUT cannot be judged: read: "), "\(slow.message)")
        let (prompt, timed) = try await run(id, hostDelay: .zero, link: link)
        #expect(prompt.verdict == .pass, "\(prompt.message)")
        // The emulator timed every answer of the read and found none late.
        #expect(timed > 3)
        #expect(!prompt.message.contains("late"), "\(prompt.message)")
    }
}
