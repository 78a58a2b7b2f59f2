import Testing

@testable import PN533Sim

@Suite struct AirTimingTests {
    @Test func oneETUAt106kbpsIs128CarrierCycles() {
        #expect(AirTiming(bitRate: .kbps106).etu == .nanoseconds(9440))
    }

    @Test(arguments: AirTiming.BitRate.allCases)
    func frameTimeScalesWithTheBitRate(_ rate: AirTiming.BitRate) {
        let timing = AirTiming(bitRate: rate)
        // 10 bytes: 9 bits each plus the start/end bit, in etus of 128, 64 or 32 cycles.
        #expect(timing.duration(bytes: 10) == AirTiming.cycles(91 * rate.cyclesPerETU))
    }

    @Test func aShortFrameCountsOnlyItsBits() {
        let reqa = AirFrame(bytes: [0x26], lastByteBits: 7)
        #expect(AirTiming().duration(of: reqa) == AirTiming.cycles(8 * 128))
    }

    @Test func frameDelaysAreTheISOValues() {
        #expect(AirTiming.cardResponseDelay == .nanoseconds(86_431))
        #expect(AirTiming.readerGuardTime == .nanoseconds(500_000))
    }

    @Test func frameWaitingTimeDoublesWithEachFWI() {
        #expect(AirTiming.frameWaitingTime(fwi: 0) == AirTiming.cycles(4096))
        #expect(AirTiming.frameWaitingTime(fwi: 4) == AirTiming.cycles(65_536))
        #expect(AirTiming.frameWaitingTime(fwi: 14) == AirTiming.cycles(4096 << 14))
    }

    @Test func selectByAIDTakesAboutTwoMillisecondsOnTheAir() {
        // SELECT by AID: 13 command bytes, 2 status bytes. DESIGN §4's formula gives 2.39 ms
        // with the guard time before the next frame, 1.89 ms without it.
        let minimum = AirTiming().minimumExchangeDuration(command: 13, response: 2)
        #expect(minimum > .microseconds(2380) && minimum < .microseconds(2400))
        #expect(minimum - AirTiming.readerGuardTime < .microseconds(1900))
    }

    @Test func theZeroModelChargesNothingForFramesOrTheGapsBetweenThem() {
        let zero = AirTiming.zero
        #expect(zero.duration(bytes: 16) == .zero)
        #expect(zero.duration(of: AirFrame(bytes: [0x26], lastByteBits: 7)) == .zero)
        #expect(zero.responseDelay == .zero && zero.guardTime == .zero)
        #expect(zero.minimumExchangeDuration(command: 13, response: 2) == .zero)
        // The ISO model keeps its delays.
        #expect(AirTiming().responseDelay == AirTiming.cardResponseDelay)
        #expect(AirTiming().guardTime == AirTiming.readerGuardTime)
    }
}
