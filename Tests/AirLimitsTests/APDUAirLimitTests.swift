import AirLimits
import Testing

@Suite struct APDUAirLimitTests {
    @Test func selectByAIDTakes1889MicrosecondsAt106kbpsWithoutTheGuardTime() {
        // By hand: etu = 128/13.56 MHz = 9.4395 µs; [9·16+1] = 145 etu = 1368.73 µs;
        // 1172/fc = 86.43 µs; [9·5+1] = 46 etu = 434.22 µs; together 1889.38 µs.
        let limit = APDUAirLimit(commandBytes: 13, responseBytes: 2, bitrateKbps: 106)
        #expect(abs(limit.exchangeSecondsWithoutGuardTime - 1889.38e-6) < 0.01e-6)
        // 6780/fc = 500.00 µs more before the next command.
        #expect(abs(limit.exchangeSeconds - 2389.38e-6) < 0.01e-6)
        #expect(abs(limit.exchangesPerSecond - 418.52) < 0.01)
    }
}
