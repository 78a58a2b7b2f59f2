import PN533
import Testing

@testable import PN533Sim

/// Hosts take TgInitAsTarget's ACK to mean the chip listens and start polling from another
/// chip then: the ACK must not come before the card is in the field.
@Suite struct TargetListeningACKTests {
    /// Sends TgInitAsTarget (a Type 2 card) on `chip`'s raw transport and returns once its
    /// ACK came, with the chip's event log at that moment.
    static func armAndTakeACK(_ chip: PN533Firmware) async throws -> [FirmwareEvent] {
        let transport = chip.transport()
        try await transport.send(
            PN533Frame.command(.tgInitAsTarget, TargetModeHandoverTests.listen([1, 2, 3])).encode())
        let ack = try await transport.receive(timeout: .seconds(1))
        #expect(ack == PN533FrameBytes.ack)
        return await chip.eventLog
    }

    @Test func withoutUSBLatencyTheACKComesOnlyOnceTheCardListens() async throws {
        let clock = SimulationClock()
        let chip = PN533Firmware(name: "emulator", field: RFField(clock: clock), usb: .zero)
        let events = try await clock.participate { try await Self.armAndTakeACK(chip) }
        #expect(events.contains { $0.kind == .rf("listening as 08010203") }, "\(events)")
    }

    @Test func withUSBLatencyTheACKStillTakesTheACKLatency() async throws {
        let clock = SimulationClock()
        let chip = PN533Firmware(name: "emulator", field: RFField(clock: clock))
        let (events, ackedAt) = try await clock.participate {
            (try await Self.armAndTakeACK(chip), clock.now)
        }
        #expect(events.contains { $0.kind == .rf("listening as 08010203") }, "\(events)")
        #expect(ackedAt == SimulationInstant.zero.advanced(by: USBTiming().ackLatency))
    }
}
