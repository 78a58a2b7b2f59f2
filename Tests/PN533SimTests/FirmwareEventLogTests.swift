import PN533
import Testing

@testable import PN533Sim

@Suite struct FirmwareEventLogTests {
    @Test func aFullLogKeepsTheMostRecentEventsOldestFirstAndCountsTheRest() {
        var log = FirmwareEventLog(capacity: 3)
        for code in UInt8(1)...5 {
            log.append(FirmwareEvent(at: .zero, kind: .command(code: code, data: [])))
        }
        #expect(log.events.map(\.kind) == (UInt8(3)...5).map { .command(code: $0, data: []) })
        #expect(log.droppedCount == 2)
    }

    @Test func aLogBelowItsCapacityDropsNothing() {
        var log = FirmwareEventLog(capacity: 3)
        log.append(FirmwareEvent(at: .zero, kind: .abortedByHost))
        #expect(log.events.map(\.kind) == [.abortedByHost])
        #expect(log.droppedCount == 0)
    }

    @Test func aChipsLogStopsGrowingAtItsCapacity() async throws {
        let clock = SimulationClock()
        let chip = PN533Firmware(
            name: "reader", field: RFField(clock: clock), eventLogCapacity: 8)
        let device = PN533Device(transport: chip.transport())
        try await clock.participate {
            try await device.open()
            for _ in 0..<10 { _ = try await device.firmwareVersion() }
        }
        let log = await chip.eventLog
        #expect(log.count == 8)
        #expect(await chip.droppedEventCount > 0)
        // The last command's response is the newest event kept.
        #expect(log.last?.kind == .response(code: 0x03, data: [0x33, 0x02, 0x07, 0x07]))
    }
}
