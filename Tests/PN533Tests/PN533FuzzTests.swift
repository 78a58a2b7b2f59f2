import NFCRigTestSupport
import PN533
import SeededRandom
import Testing

/// Seeded hostile input: random bytes and mutated real frames fed to the decoder and to every
/// response parser. Nothing may crash or hang, and every failure must be a typed error.
@Suite struct PN533FuzzTests {
    static let seed: UInt64 = 0x0533_F022

    /// Real frames (nfcpy's PN533 exchanges) to mutate.
    static let frames: [[UInt8]] =
        [
            "0000ff00ff00", "0000ffff0000", "0000ff01ff7f8100", "0000ff06fad50333020707e500",
            "0000ff0ff1d54b0101004400070416c6c2d738816100", "0000ff05fbd58d00e0803e00",
            "0000ff05fbd58740aabbff00", "0000ff12eed54b010150e8253eec0000001100818501003f00",
            "0000ff18e8d54b010114010102030405060708f1f2f3f4f5f6f7f8aabb9c00",
            "0000ff09f7d505000101010000002300", "0000ff04fcd58b01118e00",
        ].map(bytes) + [
            try! PN533Frame.response(to: .diagnose, (0..<300).map { UInt8($0 & 0xFF) }).encode()
        ]

    /// Real response data to mutate.
    static let responses: [[UInt8]] = [
        "33020707", "00010101000000", "00aabb", "0101004400070416c6c2d73881",
        "01 01 0004 20 04 08a1b2c3 0578807002", "010114010102030405060708f1f2f3f4f5f6f7f8aabb",
        "010150e8253eec0000001100818501 00", "01010c00b2565400", "00e080", "0122", "40aabb",
    ].map(bytes)

    @Test("the frame decoder survives 50 000 random and mutated streams, always making progress")
    func fuzzesDecoder() {
        var random = SplitMix64(seed: Self.seed)
        var framesSeen = 0
        for _ in 0..<50_000 {
            let stream = Self.hostileStream(&random)
            var decoder = PN533FrameDecoder()
            var offset = 0
            while offset < stream.count {
                let size = [0, 1, 7, 64, 64, Int.random(in: 1...80, using: &random)].randomElement(
                    using: &random)!
                let end = min(stream.count, offset + size)
                decoder.append(stream[offset..<end])
                offset = end
                if Bool.random(using: &random) { decoder.endTransfer() }
                framesSeen += Self.drainChecked(&decoder)
            }
            decoder.endTransfer()
            framesSeen += Self.drainChecked(&decoder)
            #expect(decoder.bufferedCount == 0)
        }
        #expect(framesSeen > 10_000)
    }

    @Test("the response parsers survive 60 000 random and mutated responses, four parsers each")
    func fuzzesResponseParsers() {
        var random = SplitMix64(seed: Self.seed ^ 0xFFFF)
        var accepted = 0
        let parsersByCount = (0...4).map(Self.parsers(count:))
        for round in 0..<60_000 {
            let data: [UInt8]
            if Bool.random(using: &random) {
                data = random.bytes(Int.random(in: 0...40, using: &random))
            } else {
                data = Self.mutate(Self.responses.randomElement(using: &random)!, &random)
            }
            let parsers = parsersByCount.randomElement(using: &random)!
            for step in 0..<4 {
                let parse = parsers[(round * 4 + step) % parsers.count]
                do {
                    try parse(data)
                    accepted += 1
                } catch let error as PN533Error {
                    if case .malformedResponse(_, let problem) = error,
                        Self.offset(of: problem) > data.count
                    {
                        Issue.record("\(problem) lies beyond \(data.count) bytes")
                    }
                } catch {
                    Issue.record("untyped error \(error)")
                }
            }
        }
        #expect(accepted > 1_000)
    }

    /// Every parser over the same data; `count` is the register count ReadRegister expects.
    static func parsers(count: Int) -> [([UInt8]) throws -> Void] {
        var parsers: [([UInt8]) throws -> Void] = [
            { data in _ = try PN533FirmwareVersion(response: data) },
            { data in _ = try PN533GeneralStatus(response: data) },
            { data in
                _ = try PN533ReadRegister.values(response: data, count: count)
            },
            { data in
                _ = try PN533ReadRegister.values(response: data, count: count, chip: .rcs360)
            },
            { data in
                try PN533Response.requireEmpty(data, command: .rfConfiguration)
            },
            { data in try PN533Response.requireSuccess(data, command: .inRelease)
            },
            { data in
                _ = try PN533DataResponse(response: data, command: .inDataExchange)
            },
            { data in _ = try TargetActivation(response: data) },
            { data in _ = try PN533TargetStatus(response: data) },
        ]
        for modulation in PN533Modulation.allCases {
            parsers.append { data in
                _ = try PN533TargetList(response: data, modulation: modulation)
            }
        }
        return parsers
    }

    /// Runs the decoder dry, checking each result consumed bytes and each frame re-encodes.
    static func drainChecked(_ decoder: inout PN533FrameDecoder) -> Int {
        var frames = 0
        while true {
            let before = decoder.bufferedCount
            do throws(PN533FrameError) {
                guard let frame = try decoder.nextFrame() else { return frames }
                frames += 1
                if (try? PN533Frame.decode(transfer: frame.encode())) != frame {
                    Issue.record("\(frame) does not survive a round trip")
                }
            } catch {
                if case .bodyTooLong = error { Issue.record("decoder threw an encoding error") }
            }
            // A plain check: #require on every step would cost more than the decoding.
            if decoder.bufferedCount >= before {
                Issue.record("no progress at \(before) buffered bytes")
                return frames
            }
        }
    }

    /// Random bytes, a mutated frame, or several frames with garbage between them.
    static func hostileStream(_ random: inout SplitMix64) -> [UInt8] {
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            return random.bytes(Int.random(in: 0...96, using: &random))
        case 1:
            return mutate(frames.randomElement(using: &random)!, &random)
        default:
            var stream: [UInt8] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                if Bool.random(using: &random) {
                    stream += random.bytes(Int.random(in: 0...5, using: &random))
                }
                let frame = frames.randomElement(using: &random)!
                stream += Bool.random(using: &random) ? frame : mutate(frame, &random)
            }
            return stream
        }
    }

    /// One to three edits: bit flips, byte changes, insertions, deletions, truncation.
    static func mutate(_ input: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let index = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where !bytes.isEmpty:
                bytes[index] ^= 1 << UInt8.random(in: 0...7, using: &random)
            case 1 where !bytes.isEmpty: bytes[index] = UInt8.random(in: 0...255, using: &random)
            case 2: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
            case 3 where !bytes.isEmpty: bytes.remove(at: index)
            default: bytes = Array(bytes.prefix(index))
            }
        }
        return bytes
    }

    static func offset(of problem: PN533ResponseError) -> Int {
        switch problem {
        case .truncated(_, let offset, _), .invalidValue(_, let offset, _),
            .trailingBytes(let offset, _):
            offset
        }
    }
}
