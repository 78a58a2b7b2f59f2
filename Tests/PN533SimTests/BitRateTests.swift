import PN533
import Testing

@testable import PN533Sim

@Suite struct BitRateTests {
    /// Air time of one READ (2 bytes + CRC out, 16 bytes + CRC back) at a field's bit rate.
    func readAirTime(_ rate: AirTiming.BitRate) async throws -> Duration {
        try await readAirTime(AirTiming(bitRate: rate))
    }

    func readAirTime(_ timing: AirTiming) async throws -> Duration {
        let clock = SimulationClock()
        let field = RFField(clock: clock, timing: timing)
        let chip = PN533Firmware(name: "reader", field: field, usb: .zero)
        let device = PN533Device(transport: chip.transport())
        let identity = try TypeAIdentity(
            uid: [0x04, 1, 2, 3, 4, 5, 6], sensRes: [0, 0x44], selRes: 0)
        let tag = SoftwareTag(identity: identity, timing: timing) {
            _ in .withCRC(Array(repeating: 0, count: 16))
        }
        _ = await field.enter(tag, identity: identity)
        return try await clock.participate {
            try await device.open()
            _ = try await device.listPassiveTargets()
            _ = try await device.exchange(target: 1, [0x30, 0x00])
            let start = clock.now
            _ = try await device.exchange(target: 1, [0x30, 0x04])
            return start.duration(to: clock.now)
        }
    }

    @Test(arguments: AirTiming.BitRate.allCases)
    func aReadTakesExactlyItsFramesAndDelaysAtEachBitRate(_ rate: AirTiming.BitRate) async throws {
        let timing = AirTiming(bitRate: rate)
        let expected =
            AirTiming.readerGuardTime + timing.duration(bytes: 4) + AirTiming.cardResponseDelay
            + timing.duration(bytes: 18)
        #expect(try await readAirTime(rate) == expected)
    }

    @Test func onZeroAirWithZeroUSBAReadTakesNoTimeAtAll() async throws {
        #expect(try await readAirTime(.zero) == .zero)
    }
}
