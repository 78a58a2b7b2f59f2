import PN533
import Testing

@testable import PN533Sim

/// The host's end of the simulated USB link taken without waiting: what the chip queued.
@Suite struct SimulatedTransportTests {
    let clock = SimulationClock()
    let chip: PN533Firmware
    let transport: SimulatedTransport

    init() {
        chip = PN533Firmware(name: "reader", field: RFField(clock: clock))
        transport = chip.transport()
    }

    @Test func nothingIsReadyBeforeTheHostSendsACommand() throws {
        #expect(try transport.receiveIfReady() == nil)
    }

    @Test func theACKAndTheResponseAreReadyOnceTheChipSentThem() async throws {
        let command = try PN533Frame.command(.getFirmwareVersion).encode()
        try await clock.participate {
            try await transport.send(command)
            // The ACK goes after the modelled ACK latency, the response after the command's.
            #expect(try transport.receiveIfReady() == nil)
            try await clock.sleep(for: .milliseconds(5))
        }
        #expect(try transport.receiveIfReady() == [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00])
        let response = try #require(try transport.receiveIfReady())
        #expect(
            try PN533Frame.decode(transfer: response)
                == .response(to: .getFirmwareVersion, [0x33, 0x02, 0x07, 0x07]))
        #expect(try transport.receiveIfReady() == nil)
    }

    @Test func aDisconnectedChipFailsTheReadyCheckEvenWithFramesQueued() async throws {
        await chip.inject(.disconnectAfter(commands: 1))
        let command = try PN533Frame.command(.getFirmwareVersion).encode()
        try await clock.participate {
            try await transport.send(command)
            try await clock.sleep(for: .milliseconds(5))
            try await transport.send(command)
            try await clock.sleep(for: .milliseconds(5))
        }
        #expect(chip.unreadFrames > 0)
        #expect(throws: TransportError.disconnected) { try transport.receiveIfReady() }
    }

    @Test func aTransferIsTakenInPlaceOnlyOnTheSimulationsExecutor() async throws {
        let command = try PN533Frame.command(.getFirmwareVersion).encode()
        // A plain test task runs elsewhere: nothing is sent, the caller must await `send`.
        #expect(try transport.sendInPlace(command) == false)
        let (inPlace, eventsAfter) = try await clock.participate {
            let inPlace = try transport.sendInPlace(command)
            return (inPlace, await chip.eventLog.count)
        }
        #expect(inPlace)
        #expect(eventsAfter == 1)
        #expect(await chip.eventLog.first?.kind == .command(code: 0x02, data: []))
    }
}
