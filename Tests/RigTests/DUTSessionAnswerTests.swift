import Foundation
import NDEF
import Testing

@testable import Rig

/// The CoreNFC session's part of the DUT protocol (issue 33): a `session` answer decoded into
/// its messages and end, the session errors in either spelling, and a process DUT that
/// offers the ops or answers `unsupported`.
@Suite struct DUTSessionAnswerTests {
    func decoded(_ line: String) throws(DUTError) -> DUTSessionReport? {
        guard case .response(let answer) = try ProcessDUTAnswer.received(line, expecting: 1)
        else { return nil }
        return try answer.sessionReport()
    }

    @Test func aSessionAnswerGivesItsMessagesInOrderAndItsEndByTheCasesName() throws {
        let line =
            #"{"id":1,"ok":true,"messages":[{"ndef":"D00000"},{"records":[{"tnf":"media","#
            + #""typeHex":"61","idHex":"","payloadHex":"62"}]}],"ended":"firstNDEFTagRead"}"#
        let report = try #require(try decoded(line))
        #expect(report.messages.count == 2)
        #expect(report.messages[0] == DUTDetectedMessage(ndef: [0xD0, 0x00, 0x00]))
        #expect(report.messages[1].ndef == nil)
        #expect(report.messages[1].records?.first?.payload == [0x62])
        #expect(report.ended == "readerSessionInvalidationErrorFirstNDEFTagRead")
        let running = try #require(try decoded(#"{"id":1,"ok":true,"messages":[],"ended":null}"#))
        #expect(running == DUTSessionReport(messages: [], ended: nil))
    }

    @Test(arguments: [
        (#"{"id":1,"ok":true,"ended":null}"#, #""messages" is missing"#),
        (#"{"id":1,"ok":true,"messages":[{}]}"#, #""messages[0]" needs "ndef" or "records""#),
        (#"{"id":1,"ok":true,"messages":[{"ndef":"d"}]}"#, #""messages[0].ndef" must be hex"#),
        (#"{"id":1,"ok":true,"messages":[],"ended":"gremlins"}"#, "unknown error name"),
        (#"{"id":1,"ok":true,"messages":{}}"#, #""messages" must be a list"#),
    ])
    func aHostileSessionAnswerIsAViolationNamingTheField(_ line: String, _ reason: String) {
        do throws(DUTError) {
            _ = try decoded(line)
            Issue.record("accepted: \(line)")
        } catch .protocolViolation(let quoted, let said) {
            #expect(quoted == line)
            #expect(said.contains(reason), "\(said)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test(arguments: [
        ("readerTransceiveErrorSessionInvalidated", "readerTransceiveErrorSessionInvalidated"),
        ("sessionInvalidated", "readerTransceiveErrorSessionInvalidated"),
        (
            "readerSessionInvalidationErrorFirstNDEFTagRead",
            "readerSessionInvalidationErrorFirstNDEFTagRead"
        ),
        ("firstNDEFTagRead", "readerSessionInvalidationErrorFirstNDEFTagRead"),
        ("userCanceled", "readerSessionInvalidationErrorUserCanceled"),
        (
            "readerSessionInvalidationErrorUserCanceled",
            "readerSessionInvalidationErrorUserCanceled"
        ),
        ("sessionTimeout", "readerSessionInvalidationErrorSessionTimeout"),
        (
            "readerSessionInvalidationErrorSessionTimeout",
            "readerSessionInvalidationErrorSessionTimeout"
        ),
    ])
    func theSessionErrorsReadAsTheCasesNameInEitherSpelling(_ spelled: String, _ judged: String) {
        let line = #"{"id":1,"ok":false,"error":"\#(spelled)","message":"m"}"#
        #expect(throws: DUTError.reader(name: judged, message: "m")) {
            try ProcessDUTAnswer.received(line, expecting: 1)
        }
    }

    func dut(_ mode: String) -> ProcessDUT {
        ProcessDUT(
            spec: ProcessDUTSpec(
                command: ["python3", "fake_dut.py", mode], helloTimeout: .seconds(5),
                requestTimeout: .seconds(5)),
            directory: ProcessDUTTests.examples, now: { .zero })
    }

    @Test func aProcessDUTRunsASessionThroughItsOps() async throws {
        let dut = dut("session")
        try await dut.beginNDEFSession(invalidateAfterFirstRead: true)
        #expect(try await dut.ndefSession(waitingAtMost: .zero).ended == nil)
        try await dut.cancelSession()
        let report = try await dut.ndefSession(waitingAtMost: .milliseconds(100))
        #expect(
            report.messages == [
                DUTDetectedMessage(ndef: [0xD1, 0x01, 0x05, 0x55, 0x04, 0x61, 0x62])
            ])
        #expect(report.ended == "readerSessionInvalidationErrorFirstNDEFTagRead")
        try await dut.invalidateSession()
        await dut.close()
    }

    @Test func aProcessDUTWithoutSessionsAnswersUnsupportedToEachOp() async {
        let dut = dut("good")
        await #expect(throws: DUTError.unsupported(operation: "begin_session")) {
            try await dut.beginNDEFSession(invalidateAfterFirstRead: false)
        }
        await #expect(throws: DUTError.unsupported(operation: "session")) {
            _ = try await dut.ndefSession(waitingAtMost: .zero)
        }
        await #expect(throws: DUTError.unsupported(operation: "cancel")) {
            try await dut.cancelSession()
        }
        await #expect(throws: DUTError.unsupported(operation: "invalidate")) {
            try await dut.invalidateSession()
        }
        await dut.close()
    }
}
