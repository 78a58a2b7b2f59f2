import Foundation
import NFCRigTestSupport
import PN533
import SeededRandom
import Testing

@testable import PN533Sim

/// Random and mutated host transfers thrown at the simulated chip: it must neither crash nor
/// hang, and every answer it gives must be a well-formed frame.
@Suite struct HostileHostBytesTests {
    /// Commands worth mutating: every code of DESIGN §3 with plausible data.
    static let seeds: [[UInt8]] = [
        [0x00, 0x00, 1, 2, 3], [0x02], [0x04], [0x06, 0x63, 0x02], [0x08, 0x63, 0x03, 0x00],
        [0x12, 0x14], [0x32, 0x01, 0x01], [0x32, 0x05, 0xFF, 0x01, 0x02], [0x4A, 0x01, 0x00],
        [0x4A, 0x02, 0x00], [0x40, 0x01, 0x30, 0x00], [0x42, 0x26], [0x44, 0x01], [0x52, 0x00],
        [0x54, 0x01], [0x88], [0x90, 0x90, 0x00], [0x86], [0x8E, 0x01], [0x8A],
        [0x8C, 0x05] + [UInt8](repeating: 0, count: 36),
    ]

    @Test func hundredThousandHostileTransfersNeverCrashOrHangTheChip() async throws {
        let clock = SimulationClock()
        let field = RFField(clock: clock)
        let identity = try TypeAIdentity(uid: [0x08, 1, 2, 3], sensRes: [0, 4], selRes: 0x20)
        let tag = SoftwareTag(identity: identity) { frame in .withCRC(frame.bytes) }
        _ = await field.enter(tag, identity: identity)
        let chip = PN533Firmware(name: "fuzzed", field: field, usb: .zero)
        let transport = chip.transport()
        // The chip's concurrency is the same for every transfer.
        let cases = TestBudget.cases(100_000)
        let (malformedAnswers, answered) = try await clock.participate {
            var random = SplitMix64(seed: 0x2533_F022)
            var malformedAnswers = 0
            var answered = 0
            for index in 0..<cases {
                var transfer: [UInt8]
                if index % 4 == 0 {
                    transfer = (0..<Int.random(in: 0...80, using: &random)).map { _ in
                        UInt8.random(in: 0...255, using: &random)
                    }
                } else {
                    var body = Self.seeds.randomElement(using: &random)!
                    for _ in 0..<Int.random(in: 0...3, using: &random) where !body.isEmpty {
                        body[Int.random(in: 0..<body.count, using: &random)] = .random(
                            in: 0...255, using: &random)
                    }
                    transfer = try PN533Frame.information(
                        .hostToChip, code: body[0], data: Array(body.dropFirst())
                    ).encode()
                    if index % 3 == 0, !transfer.isEmpty {
                        transfer[Int.random(in: 0..<transfer.count, using: &random)] ^= 0x5A
                    }
                }
                try await transport.send(transfer)
                // Read whatever comes within 2 ms of simulated time, then abort with ACK so
                // the next case starts from an idle chip.
                while let answer = try? await transport.receive(timeout: .milliseconds(2)) {
                    answered += 1
                    if (try? PN533Frame.decode(transfer: answer)) == nil { malformedAnswers += 1 }
                }
                try await transport.send([0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00])
            }
            return (malformedAnswers, answered)
        }
        #expect(malformedAnswers == 0)
        #expect(answered > cases / 2)
    }
}
