import ISODEP
import NFCRigTestSupport
import Testing

/// RATS and ATS tables: fields, defaults, FSC/FSD, FWT and SFGT values, errors, round trips.
@Suite struct ActivationCodecTests {
    @Test(
        "RATS carries FSDI and CID",
        arguments: [
            ("e0 80", 8 as UInt8, 0 as UInt8, 256),
            ("e0 50", 5, 0, 64),
            ("e0 3e", 3, 14, 40),
            ("e0 00", 0, 0, 16),
            ("e0 f1", 15, 1, 256),
        ])
    func decodesRATS(hex: String, fsdi: UInt8, cid: UInt8, fsd: Int) throws {
        let rats = try RATS(bytes: bytes(hex))
        #expect(rats == RATS(fsdi: fsdi, cid: cid))
        #expect(rats.fsd == fsd)
        #expect(rats.encode() == bytes(hex))
    }

    @Test(
        "a malformed RATS is an error naming what is wrong",
        arguments: [
            ("e0", RATSError.wrongLength(1)),
            ("e0 80 00", .wrongLength(3)),
            ("d0 80", .notRATS(startByte: 0xD0)),
            ("e0 8f", .reservedCID(parameter: 0x8F, offset: 1)),
        ])
    func rejectsRATS(hex: String, error: RATSError) {
        #expect(throws: error) { try RATS(bytes: bytes(hex)) }
    }

    @Test(
        "FSDI and FSCI index the frame size table; 9 and above read as 256",
        arguments: Array(
            zip(
                0...15 as ClosedRange<UInt8>,
                [16, 24, 32, 40, 48, 64, 96, 128, 256, 256, 256, 256, 256, 256, 256, 256])))
    func frameSizes(index: UInt8, bytes: Int) throws {
        #expect(ISODEPFrameSize.bytes(forIndex: index) == bytes)
        let ats = try ATS(bytes: [0x02, index & 0x0F])
        #expect(ats.fsc == bytes)
        #expect(RATS(fsdi: index).fsd == bytes)
    }

    @Test("frame size rules: INF room after PCB, CID, NAD and CRC; the index for a size")
    func frameSizeRules() {
        #expect(ISODEPFrameSize.informationCapacity(frameSize: 256, cid: false) == 253)
        #expect(ISODEPFrameSize.informationCapacity(frameSize: 16, cid: true, nad: true) == 11)
        #expect(ISODEPFrameSize.maximumFrameLength(frameSize: 32) == 30)
        #expect(ISODEPFrameSize.index(atLeast: 100) == 7)
        #expect(ISODEPFrameSize.index(atLeast: 16) == 0)
        #expect(ISODEPFrameSize.index(atLeast: 300) == 8)
    }

    @Test(
        "FWT is 256·16/fc · 2^FWI, FWI 15 reading as 4",
        arguments: [
            (0 as UInt8, 302_065 as Int64),
            (4, 4_833_038),
            (7, 38_664_307),
            (8, 77_328_614),
            (14, 4_949_031_268),
            (15, 4_833_038),
        ])
    func frameWaitingTimes(fwi: UInt8, nanoseconds: Int64) {
        #expect(ISODEPTiming.frameWaitingTime(fwi: fwi) == .nanoseconds(nanoseconds))
    }

    @Test("SFGT is 256·16/fc · 2^SFGI; SFGI 0 and 15 ask for none")
    func startUpFrameGuardTimes() {
        #expect(ISODEPTiming.startUpFrameGuardTime(sfgi: 0) == .zero)
        #expect(ISODEPTiming.startUpFrameGuardTime(sfgi: 1) == .nanoseconds(604_130))
        #expect(ISODEPTiming.startUpFrameGuardTime(sfgi: 15) == .zero)
    }

    @Test("a waiting time extension multiplies FWT, capped at the FWT of FWI 14")
    func extendedWaitingTimes() {
        let fwt = ISODEPTiming.frameWaitingTime(fwi: 4)
        #expect(ISODEPTiming.extendedWaitingTime(fwt, multiplier: 3) == fwt * 3)
        #expect(
            ISODEPTiming.extendedWaitingTime(ISODEPTiming.frameWaitingTime(fwi: 10), multiplier: 59)
                == ISODEPTiming.maximumFrameWaitingTime)
    }

    struct ATSRow: Sendable, CustomTestStringConvertible {
        var hex: String
        var fsc: Int
        var fwi: UInt8
        var sfgi: UInt8
        var cid: Bool
        var nad: Bool
        var historical: String
        var testDescription: String { hex }
    }

    @Test(
        "an ATS gives FSC, FWI, SFGI, CID and NAD support and historical bytes, defaults when absent",
        arguments: [
            ATSRow(
                hex: "05 78 80 70 02", fsc: 256, fwi: 7, sfgi: 0, cid: true, nad: false,
                historical: ""),
            ATSRow(hex: "01", fsc: 32, fwi: 4, sfgi: 0, cid: true, nad: false, historical: ""),
            ATSRow(hex: "02 05", fsc: 64, fwi: 4, sfgi: 0, cid: true, nad: false, historical: ""),
            ATSRow(
                hex: "06 75 77 81 02 80", fsc: 64, fwi: 8, sfgi: 1, cid: true, nad: false,
                historical: "80"),
            ATSRow(
                hex: "05 58 80 03 c1", fsc: 256, fwi: 4, sfgi: 0, cid: true, nad: true,
                historical: "c1"),
            ATSRow(
                hex: "05 37 80 e2 aa", fsc: 128, fwi: 14, sfgi: 2, cid: true, nad: false,
                historical: "aa"),
            ATSRow(
                hex: "03 48 00", fsc: 256, fwi: 4, sfgi: 0, cid: false, nad: false, historical: ""),
            ATSRow(
                hex: "03 28 f4", fsc: 256, fwi: 15, sfgi: 4, cid: true, nad: false, historical: ""),
        ])
    func decodesATS(row: ATSRow) throws {
        let encoded = bytes(row.hex)
        let ats = try ATS(bytes: encoded)
        #expect(ats.fsc == row.fsc)
        #expect(ats.fwi == row.fwi)
        #expect(ats.sfgi == row.sfgi)
        #expect(ats.cidSupported == row.cid)
        #expect(ats.nadSupported == row.nad)
        #expect(ats.historicalBytes == bytes(row.historical))
        #expect(ats.encode() == encoded)
    }

    @Test("FWT and SFGT come from TB(1); an RFU FWI of 15 reads as 4")
    func atsTiming() throws {
        let ats = try ATS(bytes: bytes("03 28 f4"))
        #expect(ats.frameWaitingTime == ISODEPTiming.frameWaitingTime(fwi: 4))
        #expect(ats.startUpFrameGuardTime == ISODEPTiming.startUpFrameGuardTime(sfgi: 4))
    }

    @Test(
        "a malformed ATS is an error naming the field and offset",
        arguments: [
            ("", ATSError.empty),
            ("05 78 80", .lengthMismatch(tl: 5, count: 3)),
            ("00", .lengthMismatch(tl: 0, count: 1)),
            ("02 85", .reservedBit(field: "T0", value: 0x85, offset: 1)),
            ("02 10", .truncated(field: "TA(1)", offset: 2)),
            ("03 70 80", .truncated(field: "TB(1)", offset: 3)),
            ("03 60 80", .truncated(field: "TC(1)", offset: 3)),
        ])
    func rejectsATS(hex: String, error: ATSError) {
        #expect(throws: error) { try ATS(bytes: bytes(hex)) }
    }

    @Test("the field initialiser sets every interface byte")
    func buildsATS() {
        let ats = ATS(fsci: 8, fwi: 8, sfgi: 2, historicalBytes: [0x80])
        #expect(ats.encode() == bytes("06 78 80 82 00 80"))
        #expect(!ats.cidSupported)
        #expect(
            ATS(fsci: 5, cidSupported: true, nadSupported: true).encode()
                == bytes("05 75 80 40 03"))
        #expect(ATS(fsci: nil, ta: 0x80, tb: nil, tc: nil, historicalBytes: [1]).encode() == [0x01])
    }
}
