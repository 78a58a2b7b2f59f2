import NFCRigTestSupport
import PacketTrace
import Testing
import TraceListing

/// The annotations of `records`, in order, each from the records before it.
func annotations(_ records: [TraceRecord]) -> [TraceAnnotation] {
    var decoder = TraceDecoder()
    return records.map { decoder.annotate($0) }
}

/// Records from alternating reader and card frames 100 µs apart, CRC_A appended to each
/// `(reader, bytes)` pair whose flag says so.
func exchange(_ frames: [(TraceRecordKind, [UInt8], crc: Bool)]) -> [TraceRecord] {
    frames.enumerated().map { index, frame in
        TraceRecord(
            timestamp: Int64(index) * 100_000, kind: frame.0,
            bytes: frame.crc ? CRCA.appending(to: frame.1) : frame.1)
    }
}

@Suite struct RFAnnotationTests {
    @Test func aType4ActivationAndNDEFDetectionReadAsTheStandardsNameThem() {
        let texts = annotations(SampleTraces.type4Activation).map(\.text)
        #expect(
            texts == [
                "field on",
                "REQA",
                "ATQA, UID single (4 bytes)",
                "ANTICOLLISION CL1",
                "UID CL1 08112233, BCC ok",
                "SELECT CL1 UID 08112233",
                "SAK CL1 20: ISO-DEP",
                "RATS FSD 256 CID 0",
                "ATS FSC 256 FWI 7 SFGI 0",
                "I(0): SELECT by name D2760000850101 (NDEF application)",
                "I(0): answer to SELECT: 9000 (ok)",
                "I(1): SELECT by file id E103 (CC)",
                "S(WTX 1)",
                "S(WTX 1)",
                "I(1): answer to SELECT: 9000 (ok)",
                "I(0): READ BINARY offset 0 length 15",
                "I(0, chaining): 8 bytes of an answer so far",
                "R(ACK 1)",
                "I(1): answer to READ BINARY: 15 bytes, 9000 (ok)",
                "S(DESELECT)",
                "S(DESELECT)",
                "field off",
                "field on",
                "WUPA",
                "ATQA, UID single (4 bytes)",
            ])
    }

    @Test func framesThatCarryCRCAreCheckedAndTheOthersAreNot() {
        let crcs = annotations(SampleTraces.type4Activation).map(\.crc)
        // Field, REQA, ATQA, anticollision and UID carry none; every other frame has a
        // right one.
        #expect(crcs.prefix(5).allSatisfy { $0 == .notCarried })
        #expect(crcs[5..<21].allSatisfy { $0 == .ok })
        #expect(crcs.suffix(4).allSatisfy { $0 == .notCarried })
    }

    @Test func aWrongCRCIsMarkedAndTheFrameStillDecoded() {
        var records = exchange([
            (.pcdToPICC, bytes("26"), false), (.piccToPCD, bytes("04 00"), false),
        ])
        records.append(
            TraceRecord(
                timestamp: 300_000, kind: .pcdToPICC, bytes: bytes("93 70 08 11 22 33 08 00 00")))
        let last = annotations(records).last
        #expect(last?.crc == .wrong)
        #expect(last?.text == "SELECT CL1 UID 08112233 (CRC wrong)")
    }

    @Test func framesCapturedWithoutCRCAreDecodedAsTheyAre() {
        let records = [
            TraceRecord(timestamp: 0, kind: .pcdToPICC, bytes: bytes("26")),
            TraceRecord(timestamp: 1, kind: .piccToPCD, bytes: bytes("44 00")),
            TraceRecord(timestamp: 2, kind: .pcdToPICC, bytes: bytes("93 20")),
            TraceRecord(timestamp: 3, kind: .piccToPCD, bytes: bytes("88 04 A1 B2 9F")),
            TraceRecord(
                timestamp: 4, kind: .pcdToPICC, bytes: bytes("93 70 88 04 A1 B2 9F"),
                crcCaptured: false),
            TraceRecord(timestamp: 5, kind: .piccToPCD, bytes: bytes("04"), crcCaptured: false),
        ]
        let result = annotations(records)
        #expect(
            result.map(\.text) == [
                "REQA", "ATQA, UID double (7 bytes)", "ANTICOLLISION CL1",
                "UID CL1 CT + 04A1B2, BCC ok", "SELECT CL1 UID CT + 04A1B2",
                "SAK CL1 04: UID not complete",
            ])
        #expect(result.suffix(2).map(\.crc) == [.notCaptured, .notCaptured])
    }

    @Test func type2ReadsAndWritesAndTheirAcknowledgementsAreNamed() {
        let records = exchange([
            (.pcdToPICC, bytes("52"), false),
            (.piccToPCD, bytes("44 00"), false),
            (.pcdToPICC, bytes("50 00"), true),
            (.pcdToPICC, bytes("30 04"), true),
            (.piccToPCD, Array(0..<16), true),
            (.pcdToPICC, bytes("A2 05 01 02 03 04"), true),
            (.piccToPCD, bytes("0A"), false),
            (.pcdToPICC, bytes("A2 06 01 02 03 04"), true),
            (.piccToPCD, bytes("00"), false),
            (.pcdToPICC, bytes("30 FF"), true),
            (.piccToPCD, bytes("04"), false),
        ])
        #expect(
            annotations(records).map(\.text) == [
                "WUPA", "ATQA, UID double (7 bytes)", "HLTA", "READ block 4",
                "READ answer, blocks 4–7", "WRITE block 5", "ACK", "WRITE block 6", "NAK 0",
                "READ block 255", "NAK 4",
            ])
    }

    @Test func ntagCommandsAndTheirAnswersAreNamed() {
        let records = exchange([
            (.pcdToPICC, bytes("60"), true),
            (.piccToPCD, bytes("00 04 04 02 01 00 0F 03"), true),
            (.pcdToPICC, bytes("3A 04 05"), true),
            (.piccToPCD, Array(0..<8), true),
            (.pcdToPICC, bytes("3C 00"), true),
            (.piccToPCD, Array(repeating: 0x5A, count: 32), true),
            (.pcdToPICC, bytes("1B FF FF FF FF"), true),
            (.piccToPCD, bytes("00"), false),
            (.pcdToPICC, bytes("39 02"), true),
            (.piccToPCD, bytes("2A 01 00"), true),
            (.pcdToPICC, bytes("A0 05"), true),
            (.piccToPCD, bytes("0A"), false),
            (.pcdToPICC, Array(1...16), true),
            (.piccToPCD, bytes("0A"), false),
        ])
        #expect(
            annotations(records).map(\.text) == [
                "GET_VERSION", "GET_VERSION answer: NXP NTAG, storage size 0F (NTAG213)",
                "FAST_READ blocks 4–5", "FAST_READ answer, blocks 4–5", "READ_SIG",
                "READ_SIG answer, 32-byte signature", "PWD_AUTH", "NAK 0", "READ_CNT",
                "READ_CNT answer, counter 298", "COMPATIBILITY WRITE block 5", "ACK",
                "COMPATIBILITY WRITE data for block 5", "ACK",
            ])
    }

    /// Activation up to the ATS, then `frames`.
    func isoDEP(_ frames: [(TraceRecordKind, [UInt8], crc: Bool)]) -> [TraceAnnotation] {
        let activation: [(TraceRecordKind, [UInt8], crc: Bool)] = [
            (.pcdToPICC, bytes("E0 80"), true), (.piccToPCD, bytes("05 78 80 70 02"), true),
        ]
        return Array(annotations(exchange(activation + frames)).dropFirst(2))
    }

    @Test func statusWordsAndOtherInstructionsAreNamed() {
        let texts = isoDEP([
            (.pcdToPICC, bytes("02 00 A4 00 0C 02 E1 04"), true),
            (.piccToPCD, bytes("02 6A 82"), true),
            (.pcdToPICC, bytes("03 00 B0 00 00 FF"), true),
            (.piccToPCD, bytes("03 6C 0F"), true),
            (.pcdToPICC, bytes("02 00 D6 00 00 02 00 00"), true),
            (.piccToPCD, bytes("02 90 00"), true),
            (.pcdToPICC, bytes("03 00 C0 00 00 10"), true),
            (.piccToPCD, bytes("03 61 10"), true),
            (.pcdToPICC, bytes("02 80 CA 9F 7F 00"), true),
            (.piccToPCD, bytes("02 6D 00"), true),
        ]).map(\.text)
        #expect(
            texts == [
                "I(0): SELECT by file id E104",
                "I(0): answer to SELECT: 6A82 (file or application not found)",
                "I(1): READ BINARY offset 0 length 255",
                "I(1): answer to READ BINARY: 6C0F (wrong Le, exact length 15)",
                "I(0): UPDATE BINARY offset 0 length 2",
                "I(0): answer to UPDATE BINARY: 9000 (ok)",
                "I(1): GET RESPONSE CLA 00 P1P2 0000 Le 16",
                "I(1): answer to GET RESPONSE: 6110 (16 more response bytes available)",
                "I(0): GET DATA CLA 80 P1P2 9F7F Le 256",
                "I(0): answer to GET DATA: 6D00 (instruction code not supported or invalid)",
            ])
    }

    @Test func aChainedCommandIsNamedWhenItsLastBlockArrives() {
        let texts = isoDEP([
            (.pcdToPICC, bytes("12 00 D6 00 00 04"), true),
            (.piccToPCD, bytes("A2"), true),
            (.pcdToPICC, bytes("03 01 02 03 04"), true),
            (.piccToPCD, bytes("F2 3B"), true),
            (.pcdToPICC, bytes("F2 3B"), true),
            (.piccToPCD, bytes("03 90 00"), true),
            (.pcdToPICC, bytes("B2"), true),
            (.pcdToPICC, bytes("CA 01"), true),
            (.piccToPCD, bytes("CA 01"), true),
        ]).map(\.text)
        #expect(
            texts == [
                "I(0, chaining): 5 bytes of a command so far",
                "R(ACK 0)",
                "I(1): UPDATE BINARY offset 0 length 4",
                "S(WTX 59)",
                "S(WTX 59)",
                "I(1): answer to UPDATE BINARY: 9000 (ok)",
                "R(NAK 0)",
                "S(DESELECT, CID 1)",
                "S(DESELECT, CID 1)",
            ])
    }

    @Test func garbageIsAnnotatedWithAQuestionMarkAndNeverStopsTheDecoder() {
        let texts = isoDEP([
            (.pcdToPICC, bytes("42"), true),
            (.piccToPCD, bytes("F2 00"), true),
            (.pcdToPICC, bytes("02 00"), true),
            (.piccToPCD, bytes("02"), true),
        ]).map(\.text)
        #expect(texts.allSatisfy { $0.contains("?") }, "\(texts)")
        // Random frames in every state: annotated, never a crash.
        var state: UInt64 = 0x6E66_6372_6967_0021
        var records: [TraceRecord] = []
        for index in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let kind = TraceRecordKind.allCases[Int(state >> 60) % TraceRecordKind.allCases.count]
            let length = kind.isFieldEvent ? 0 : Int(state >> 40) % 24
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: state >> ($0 % 56)) }
            records.append(
                TraceRecord(
                    timestamp: Int64(index), kind: kind, bytes: bytes,
                    crcCaptured: state & 1 == 0))
        }
        #expect(annotations(records).count == records.count)
    }
}
