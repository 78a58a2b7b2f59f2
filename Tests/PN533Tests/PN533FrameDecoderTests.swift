import NFCRigTestSupport
import PN533
import Testing

/// Drains `decoder`: every frame and every error until it needs more bytes.
func drain(_ decoder: inout PN533FrameDecoder) -> [Result<PN533Frame, PN533FrameError>] {
    var results: [Result<PN533Frame, PN533FrameError>] = []
    while true {
        do throws(PN533FrameError) {
            guard let frame = try decoder.nextFrame() else { return results }
            results.append(.success(frame))
        } catch {
            results.append(.failure(error))
        }
    }
}

@Suite struct PN533FrameDecoderTests {
    /// The Diagnose line test of nfcpy's device setup: an extended frame of 273 bytes.
    static let lineTest = PN533Frame.response(
        to: .diagnose, [0x00] + (0..<262).map { UInt8(truncatingIfNeeded: $0) })

    @Test("a frame fed one byte at a time comes out once, after its last byte")
    func decodesByteByByte() throws {
        let encoded = try Self.lineTest.encode()
        var decoder = PN533FrameDecoder()
        for (index, byte) in encoded.enumerated() {
            decoder.append([byte])
            let frame = try decoder.nextFrame()
            #expect((frame != nil) == (index == encoded.count - 1), "after byte \(index)")
            if let frame { #expect(frame == Self.lineTest) }
        }
    }

    @Test("64-byte USB packets, a short last packet and zero-length packets decode cleanly")
    func decodesUSBPackets() throws {
        let ack = PN533Frame.ack
        let response = PN533Frame.response(to: .diagnose, [UInt8](repeating: 0x5A, count: 121))
        var decoder = PN533FrameDecoder()
        var frames: [PN533Frame] = []
        for frame in [ack, Self.lineTest, response] {
            let encoded = try frame.encode()
            for start in stride(from: 0, to: encoded.count, by: 64) {
                decoder.append(encoded[start..<min(start + 64, encoded.count)])
                decoder.append([])
                if start + 64 < encoded.count { #expect(try decoder.nextFrame() == nil) }
            }
            if encoded.count.isMultiple(of: 64) { decoder.append([]) }
            decoder.endTransfer()
            for result in drain(&decoder) { frames.append(try result.get()) }
        }
        #expect(frames == [ack, Self.lineTest, response])
        #expect(decoder.bufferedCount == 0)
    }

    @Test("garbage before a frame is skipped and reported, then the frame decodes")
    func resynchronisesAfterGarbage() {
        var decoder = PN533FrameDecoder()
        decoder.append(bytes("ff 12 00 34 ff 0000ff00ff00 0000ff03fdd507012300"))
        #expect(
            drain(&decoder) == [
                .failure(.garbage(skipped: bytes("ff 12 00 34 ff"))),
                .success(.ack),
                .success(.response(to: .readRegister, [0x01])),
            ])
    }

    @Test("after a bad LCS the decoder resumes at the next start code")
    func resynchronisesAfterBadLengthChecksum() {
        var decoder = PN533FrameDecoder()
        decoder.append(bytes("0000ff04fb d501 0000ff00ff00"))
        #expect(
            drain(&decoder) == [
                .failure(.badLengthChecksum(offset: 4, length: 4, checksum: 0xFB)),
                .failure(.garbage(skipped: bytes("04fbd501"))),
                .success(.ack),
            ])
    }

    @Test("after a bad DCS the whole frame is dropped and the next one decodes")
    func resynchronisesAfterBadDataChecksum() {
        var decoder = PN533FrameDecoder()
        decoder.append(bytes("0000ff05fbd5013435368a00 0000ff05fbd5013435368b00"))
        #expect(
            drain(&decoder) == [
                .failure(.badDataChecksum(offset: 10, checksum: 0x8A, expected: 0x8B)),
                .success(.response(to: .diagnose, bytes("343536"))),
            ])
    }

    @Test("without a transfer end a short frame waits; the end reports the length mismatch")
    func waitsUntilTransferEnds() {
        var decoder = PN533FrameDecoder()
        decoder.append(bytes("0000ff05fbd50134358b00"))
        #expect(drain(&decoder).isEmpty)
        decoder.endTransfer()
        #expect(drain(&decoder) == [.failure(.lengthMismatch(offset: 3, length: 5, available: 6))])
        decoder.append(bytes("0000ff00ff00"))
        #expect(drain(&decoder) == [.success(.ack)])
    }

    @Test("a frame never reaches into the next transfer")
    func keepsTransfersApart() {
        var decoder = PN533FrameDecoder()
        decoder.append(bytes("0000ff05fbd501"))
        decoder.endTransfer()
        decoder.append(bytes("0000ff03fdd507012300"))
        decoder.endTransfer()
        #expect(
            drain(&decoder) == [
                .failure(.lengthMismatch(offset: 3, length: 5, available: 2)),
                .success(.response(to: .readRegister, [0x01])),
            ])
    }

    @Test("trailing zeros wait as a possible start code; other bytes are garbage at once")
    func holdsPossibleStartCode() {
        var decoder = PN533FrameDecoder()
        decoder.append(bytes("aa bb 00 00"))
        #expect(drain(&decoder) == [.failure(.garbage(skipped: bytes("aabb")))])
        #expect(decoder.bufferedCount == 2)
        decoder.append(bytes("ff00ff00"))
        #expect(drain(&decoder) == [.success(.ack)])
    }

    @Test("discarding returns what was buffered and leaves the decoder empty")
    func discardsBufferedBytes() {
        var decoder = PN533FrameDecoder()
        decoder.append(bytes("0000ff05fbd501"))
        #expect(decoder.discardBuffered() == bytes("0000ff05fbd501"))
        #expect(decoder.bufferedCount == 0)
        #expect(drain(&decoder).isEmpty)
    }

    @Test("a long stream is compacted as it goes without losing frames or transfer ends")
    func compactsLongStreams() throws {
        var decoder = PN533FrameDecoder()
        let ack = try PN533Frame.ack.encode()
        for _ in 0..<1_000 { decoder.append(ack) }
        decoder.append(bytes("0000ff05fbd501"))
        decoder.endTransfer()
        decoder.append(ack)
        let results = drain(&decoder)
        #expect(results.count == 1_002)
        #expect(results.dropLast(2).allSatisfy { $0 == .success(.ack) })
        #expect(
            Array(results.suffix(2)) == [
                .failure(.lengthMismatch(offset: 3, length: 5, available: 2)), .success(.ack),
            ])
        #expect(decoder.bufferedCount == 0)
    }
}
