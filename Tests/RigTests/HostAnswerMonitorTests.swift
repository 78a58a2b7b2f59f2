import ISODEP
import Locking
import PN533
import Testing

@testable import Rig

/// An emulator on a USB dongle times its host from its own transfers: from the chip's
/// transfer carrying the reader's command to the host's carrying the answer, against the
/// wait the presented tag announced.
@Suite struct HostAnswerMonitorTests {
    /// A monitor of `tag-a` and the hand that moves its clock.
    final class Bench: Sendable {
        let time = Lock(Duration.zero)
        let monitor: HostAnswerMonitor

        init(_ bounds: TagAnswerBounds?) {
            let time = time
            monitor = HostAnswerMonitor(emulator: "tag-a", now: { time.withLock { $0 } })
            monitor.present(bounds)
        }

        /// The chip hands the host the reader's `frame` (TgGetInitiatorCommand's answer).
        func command(_ frame: [UInt8], at milliseconds: Double) throws {
            set(milliseconds)
            monitor.observe(
                .chipToHost,
                try PN533Frame.response(to: .tgGetInitiatorCommand, [0x00] + frame).encode())
        }

        /// The chip is activated by a reader whose first frame is `frame` (TgInitAsTarget's
        /// answer: the mode byte, then the frame).
        func activated(by frame: [UInt8], at milliseconds: Double) throws {
            set(milliseconds)
            monitor.observe(
                .chipToHost, try PN533Frame.response(to: .tgInitAsTarget, [0x04] + frame).encode())
        }

        /// The host hands the chip its answer (TgResponseToInitiator).
        func answer(_ frame: [UInt8], at milliseconds: Double) throws {
            set(milliseconds)
            monitor.observe(
                .hostToChip, try PN533Frame.command(.tgResponseToInitiator, frame).encode())
        }

        private func set(_ milliseconds: Double) {
            time.withLock { $0 = .microseconds(Int64((milliseconds * 1000).rounded())) }
        }
    }

    /// FWI 4: FWT = 256·16/fc · 2^4 = 65536/fc, 4.83 ms.
    static let fwt4 = ATS(fsci: 8, fwi: 4).frameWaitingTime
    static let readBinary = ISODEPBlock.information(
        blockNumber: 0, inf: [0x00, 0xB0, 0x00, 0x00, 0x0F]
    ).encode()

    @Test func aType4AnswerHandedOverAfterTheFWTIsLateWithItsFigures() throws {
        let bench = Bench(.type4(fwt: Self.fwt4))
        try bench.command(Self.readBinary, at: 10)
        try bench.answer([0x02, 0x90, 0x00], at: 41.2)
        let late = bench.monitor.lateAnswers(after: 0)
        #expect(late.count == 1)
        #expect(
            late.first?.description
                == "emulator tag-a's host took 31.2 ms to answer READ BINARY, the tag's FWT is "
                + "4.8 ms")
        #expect(late.first?.hostTime == .microseconds(31_200))
        #expect(late.first?.bound.hostLimit == Self.fwt4 - .milliseconds(1))
        #expect(bench.monitor.lateAnswerCount == 1)
    }

    @Test func anAnswerWithinTheHostsShareOfTheWaitIsNotLate() throws {
        let bench = Bench(.type4(fwt: Self.fwt4))
        try bench.command(Self.readBinary, at: 0)
        // 4.83 ms less the chip's 1 ms: 3.83 ms is the host's.
        try bench.answer([0x02, 0x90, 0x00], at: 3.8)
        try bench.command(Self.readBinary, at: 10)
        try bench.answer([0x02, 0x90, 0x00], at: 13.9)
        #expect(bench.monitor.timedAnswers == 2)
        #expect(bench.monitor.lateAnswers(after: 0).map(\.hostTime) == [.microseconds(3900)])
    }

    @Test(
        arguments: [
            // RATS: the activation FWT (65536/fc, 4.8 ms) whatever the ATS says.
            ([0xE0, 0x80], "RATS", "activation FWT", 4.8),
            // S(DESELECT): FWT_DEACTIVATION (71680/fc, 5.3 ms).
            ([0xC2], "S(DESELECT)", "S(DESELECT) FWT", 5.3),
            // The reader's S(WTX) answer grants FWT × 3 for the answer still due.
            ([0xF2, 0x03], "the S(WTX) answer", "FWT × 3 (granted by S(WTX))", 14.5),
            ([0xB2], "R(NAK)", "FWT", 4.8),
            ([0xA3], "R(ACK)", "FWT", 4.8),
        ] as [([UInt8], String, String, Double)])
    func eachType4FrameHasTheWaitTheStandardGivesIt(
        frame: [UInt8], command: String, name: String, milliseconds: Double
    ) throws {
        let bench = Bench(.type4(fwt: Self.fwt4))
        try bench.command(frame, at: 0)
        try bench.answer([0x02, 0x90, 0x00], at: 100)
        let late = try #require(bench.monitor.lateAnswers(after: 0).first)
        #expect(late.bound.command == command)
        #expect(late.bound.name == name)
        #expect(LateEmulatorAnswer.milliseconds(late.bound.duration) == "\(milliseconds) ms")
    }

    @Test func aType2ReadHas5MillisecondsAndAWrite10() throws {
        let bench = Bench(.type2)
        try bench.command([0x30, 0x04], at: 0)
        try bench.answer(Array(repeating: 0, count: 16), at: 4.5)
        try bench.command([0xA2, 0x04, 1, 2, 3, 4], at: 10)
        try bench.answer([0x0A], at: 18)
        let late = bench.monitor.lateAnswers(after: 0)
        #expect(late.map(\.bound.command) == ["READ"])
        #expect(
            late.first?.description
                == "emulator tag-a's host took 4.5 ms to answer READ, the tag's READ timeout is "
                + "5.0 ms")
        #expect(bench.monitor.timedAnswers == 2)
    }

    @Test func nothingIsTimedWithoutATagOrAfterTheChipIsArmedAgain() throws {
        let idle = Bench(nil)
        try idle.command(Self.readBinary, at: 0)
        try idle.answer([0x02, 0x90, 0x00], at: 50)
        #expect(idle.monitor.timedAnswers == 0)
        let rearmed = Bench(.type2)
        try rearmed.command([0x50, 0x00], at: 0)
        // HLTA gets no answer; the host arms the chip again and answers the next READ.
        rearmed.monitor.observe(
            .hostToChip, try PN533Frame.command(.tgInitAsTarget, [0x05]).encode())
        try rearmed.activated(by: [0x30, 0x00], at: 50)
        try rearmed.answer(Array(repeating: 0, count: 16), at: 52)
        #expect(rearmed.monitor.timedAnswers == 1)
        #expect(rearmed.monitor.lateAnswerCount == 0)
    }

    @Test func aMonitorKeepsTheFiguresOfItsLatestLateAnswers() throws {
        let bench = Bench(.type2)
        for index in 0..<(HostAnswerMonitor.kept + 3) {
            try bench.command([0x30, 0x04], at: Double(index) * 100)
            try bench.answer([0], at: Double(index) * 100 + 20)
        }
        #expect(bench.monitor.lateAnswerCount == HostAnswerMonitor.kept + 3)
        #expect(bench.monitor.lateAnswers(after: 0).count == HostAnswerMonitor.kept)
        #expect(bench.monitor.lateAnswers(after: HostAnswerMonitor.kept + 1).count == 2)
    }
}
