import NFCRigTestSupport
import PN533
import PacketTrace
import Testing
import TraceListing

@Suite struct PN533AnnotationTests {
    /// The annotation of `frame` sent the way its frame identifier says.
    func text(_ frame: PN533Frame, kind: TraceRecordKind = .hostToChip) throws -> String {
        var decoder = TraceDecoder()
        return decoder.annotate(TraceRecord(timestamp: 0, kind: kind, bytes: try frame.encode()))
            .text
    }

    @Test func controlFramesAreNamed() throws {
        #expect(try text(.ack, kind: .chipToHost) == "ACK")
        #expect(try text(.nack) == "NACK")
        #expect(
            try text(.error, kind: .chipToHost)
                == "error frame: the chip could not read the command")
    }

    @Test func commandsAreNamedAsTheManualNamesThemWithTheirCode() throws {
        #expect(
            try text(.command(.inListPassiveTarget, [0x01, 0x00])) == "InListPassiveTarget (4A)")
        #expect(try text(.command(.tgInitAsTarget, [0x05])) == "TgInitAsTarget (8C)")
        #expect(try text(.command(.tgGetData)) == "TgGetData (86)")
        #expect(try text(.command(.inRelease, [0x00])) == "InRelease (52)")
        #expect(try text(.command(.rfConfiguration, [0x01, 0x00])) == "RFConfiguration (32)")
        #expect(
            try text(.command(.inDataExchange, bytes("01 00 A4 04 00 07 D2 76 00 00 85 01 01 00")))
                == "InDataExchange (40), Tg 1: SELECT by name D2760000850101 (NDEF application)")
        #expect(
            try text(.command(.inDataExchange, bytes("41 30 04")))
                == "InDataExchange (40), Tg 1, MI: 2 bytes")
        #expect(
            try text(.command(.tgSetData, bytes("90 00"))) == "TgSetData (8E): answer: 9000 (ok)")
    }

    @Test func responsesNameTheirCommandAndStatus() throws {
        #expect(
            try text(
                .response(to: .inListPassiveTarget, bytes("01 01 00 04 20 04 08 11 22 33")),
                kind: .chipToHost)
                == "InListPassiveTarget response")
        #expect(
            try text(.response(to: .inDataExchange, bytes("00 90 00")), kind: .chipToHost)
                == "InDataExchange response, success")
        #expect(
            try text(.response(to: .inDataExchange, bytes("01")), kind: .chipToHost)
                == "InDataExchange response, status 01")
        #expect(
            try text(.response(to: .tgGetData, bytes("40 00 B0 00 00 0F")), kind: .chipToHost)
                == "TgGetData response, success, MI: READ BINARY offset 0 length 15")
        #expect(
            try text(.response(to: .tgSetData, bytes("29")), kind: .chipToHost)
                == "TgSetData response, status 29")
    }

    @Test func anExtendedFrameAndADirectionThatDisagreesAreSaid() throws {
        let long = PN533Frame.response(to: .diagnose, Array(repeating: 0x55, count: 300))
        #expect(try text(long, kind: .chipToHost) == "Diagnose response (extended frame)")
        #expect(
            try text(.command(.getFirmwareVersion), kind: .chipToHost)
                == "GetFirmwareVersion (02) (TFI D4 the wrong way)")
    }

    @Test func bytesThatAreNoFrameGiveAQuestionMarkAndTheReason() {
        var decoder = TraceDecoder()
        let garbage = TraceRecord(
            timestamp: 0, kind: .chipToHost, bytes: bytes("00 00 FF 03 FD D5 41 00 00 00"))
        #expect(decoder.annotate(garbage).text.hasPrefix("? PN533 frame: badDataChecksum"))
        let unknown = TraceRecord(
            timestamp: 0, kind: .hostToChip, bytes: bytes("00 00 FF 02 FE D4 FE 2E 00"))
        #expect(decoder.annotate(unknown).text == "? command FE")
    }
}
