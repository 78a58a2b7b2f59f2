import PN533
import Testing

@testable import PN533Sim

/// The host's end of the simulated USB link: frames the chip sends arrive after the
/// modelled latencies, a disconnected chip fails the link, and drivers run on the
/// simulation's executor.
@Suite struct SimulatedTransportTests {
    let clock = SimulationClock()
    let chip: PN533Firmware
    let transport: SimulatedTransport

    init() {
        chip = PN533Firmware(name: "reader", field: RFField(clock: clock))
        transport = chip.transport()
    }

    @Test func nothingArrivesBeforeTheHostSendsACommand() async throws {
        await #expect(throws: TransportError.timeout) {
            try await clock.participate { try await transport.receive(timeout: .seconds(1)) }
        }
    }

    @Test func theACKAndTheResponseArriveAfterTheirModelledLatencies() async throws {
        let command = try PN533Frame.command(.getFirmwareVersion).encode()
        let (ack, ackAt, response, responseAt) = try await clock.participate {
            try await transport.send(command)
            let ack = try await transport.receive(timeout: .seconds(1))
            let ackAt = clock.now
            let response = try await transport.receive(timeout: .seconds(1))
            return (ack, ackAt, response, clock.now)
        }
        #expect(ack == [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00])
        #expect(ackAt == SimulationInstant(offset: .microseconds(250)))
        #expect(
            try PN533Frame.decode(transfer: response)
                == .response(to: .getFirmwareVersion, [0x33, 0x02, 0x07, 0x07]))
        #expect(responseAt == SimulationInstant(offset: .milliseconds(1)))
    }

    @Test func aDisconnectedChipFailsTheReceiveEvenWithFramesQueued() async throws {
        await chip.inject(.disconnectAfter(commands: 1))
        let command = try PN533Frame.command(.getFirmwareVersion).encode()
        try await clock.participate {
            try await transport.send(command)
            try await clock.sleep(for: .milliseconds(5))
            try await transport.send(command)
            try await clock.sleep(for: .milliseconds(5))
        }
        #expect(chip.unreadFrames > 0)
        await #expect(throws: TransportError.disconnected) {
            try await clock.participate { try await transport.receive(timeout: .seconds(1)) }
        }
    }

    @Test func aDriverOverTheTransportRunsOnTheSimulationsExecutor() async throws {
        let device = PN533Device(transport: transport)
        let onExecutor = try await clock.participate {
            try await device.open()
            return await device.runsOnTheSimulationsExecutor(clock.executor)
        }
        #expect(onExecutor)
    }
}

extension PN533Device {
    /// Whether the device's own code runs on `executor`.
    fileprivate func runsOnTheSimulationsExecutor(_ executor: SimulationExecutor) -> Bool {
        executor.isIsolatingCurrentContext() == true
    }
}
