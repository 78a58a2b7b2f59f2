import NDEF
import TagFormat
import Testing

@testable import Rig

/// A DUT's answer lines decoded into exact types: each hostile line is a protocol violation
/// that quotes the line and names the field, and each good line reads as it says.
@Suite struct DUTAnswerDecodingTests {
    /// The operation a line is read as answering (request id 1).
    enum Operation: String, Sendable, CustomTestStringConvertible {
        case any, hello, scan, read, select, apdu, dispatch

        var testDescription: String { rawValue }

        static let aids = [ApplicationIdentifier.ndefTagApplication]

        /// Reads `line` as the answer to request 1, then as this operation's response.
        func read(_ line: String) throws(DUTError) {
            guard case .response(let answer) = try ProcessDUTAnswer.received(line, expecting: 1)
            else { return }
            switch self {
            case .any: break
            case .hello: _ = try answer.identity(speaking: ProcessDUT.protocolVersion)
            case .scan: _ = try answer.scan()
            case .read: _ = try answer.read()
            case .select: _ = try answer.selection(among: Self.aids)
            case .apdu: _ = try answer.responseAPDU()
            case .dispatch: _ = try answer.dispatchedURL()
            }
        }
    }

    /// The reason `line`, read for `operation`, is refused with; nil when it is accepted.
    func refusal(_ line: String, _ operation: Operation) -> String? {
        do throws(DUTError) {
            try operation.read(line)
            return nil
        } catch .protocolViolation(let quoted, let reason) {
            #expect(quoted == line, "a violation quotes the line it is about")
            return reason
        } catch {
            Issue.record("\(line): expected a protocol violation, got \(error)")
            return "\(error)"
        }
    }

    static let read = #""ok":true,"status":"readWrite","capacity":46"#
    static let whole = "must be a whole number ≥ 1"
    static let hex = "must be hex, two digits per byte: "

    /// One row per hostile line: the line, the operation it answers, the reason expected.
    static let hostileLines: [(String, Operation, String)] = [
        // The envelope: id, ok, the error's name and message, events.
        (#"{"id":1.9,"ok":true}"#, .any, "\"id\" \(whole)"),
        (#"{"id":"1","ok":true}"#, .any, "\"id\" \(whole)"),
        (#"{"id":1e400,"ok":true}"#, .any, "\"id\" \(whole)"),
        (#"{"id":99999999999999999999,"ok":true}"#, .any, "\"id\" \(whole)"),
        (#"{"id":-1,"ok":true}"#, .any, "\"id\" \(whole)"),
        (#"{"id":0,"ok":true}"#, .any, "\"id\" \(whole)"),
        (#"{"id":true,"ok":true}"#, .any, "\"id\" \(whole)"),
        (#"{"id":1,"ok":1}"#, .any, "\"ok\" must be true or false"),
        (#"{"id":1,"ok":"true"}"#, .any, "\"ok\" must be true or false"),
        (#"{"id":1,"ok":null}"#, .any, "\"ok\" must be true or false"),
        (#"{"id":1}"#, .any, "\"ok\" is missing"),
        (#"{"ok":true}"#, .any, "a response needs the request's id"),
        (#"{"id":2,"ok":true}"#, .any, "id 2 answers no request (expected 1)"),
        (
            #"{"id":1,"ok":false,"error":"gremlins"}"#, .any,
            "\"error\" is an unknown error name: \"gremlins\""
        ),
        (#"{"id":1,"ok":false,"error":7}"#, .any, "\"error\" must be an error name (a string)"),
        (#"{"id":1,"ok":false}"#, .any, "\"error\" is missing"),
        (
            #"{"id":1,"ok":false,"error":"noTag","message":404}"#, .any,
            "\"message\" must be a string"
        ),
        (#"{"event":5}"#, .any, "\"event\" must be a string"),
        (#"{"event":"poll","id":1}"#, .any, "an event must not carry an id"),
        ("[1,2]", .any, "not a JSON object"),
        ("\"hello\"", .any, "not a JSON object"),
        ("this is not json", .any, "not a JSON object"),
        (#"{"id":1,"ok":true} trailing"#, .any, "not a JSON object"),
        // hello
        (#"{"id":1,"ok":true,"firmware":"1"}"#, .hello, "\"name\" is missing"),
        (#"{"id":1,"ok":true,"name":"R","firmware":2}"#, .hello, "\"firmware\" must be a string"),
        (
            #"{"id":1,"ok":true,"name":"R","firmware":"2","protocol":1.5}"#, .hello,
            "\"protocol\" must be a whole number ≥ 0"
        ),
        (
            #"{"id":1,"ok":true,"name":"R","firmware":"2","iso_dep":"firmware"}"#, .hello,
            "\"iso_dep\" must be chip or host, not \"firmware\""
        ),
        (
            #"{"id":1,"ok":true,"name":"R","firmware":"2","iso_dep":true}"#, .hello,
            "\"iso_dep\" must be the string chip or host"
        ),
        // scan
        (#"{"id":1,"ok":true}"#, .scan, "\"tags\" is missing"),
        (#"{"id":1,"ok":true,"tags":"08a1b2c3"}"#, .scan, "\"tags\" must be a list"),
        (#"{"id":1,"ok":true,"tags":[5]}"#, .scan, "\"tags[0]\" must be an object"),
        (
            #"{"id":1,"ok":true,"tags":[{"uid":"08a1b2c3"},{}]}"#, .scan,
            "\"tags[1].uid\" is missing"
        ),
        (
            #"{"id":1,"ok":true,"tags":[{"uid":"08a1b2c"}]}"#, .scan,
            "\"tags[0].uid\" \(hex)odd number of hex digits: the digit at position 6 has no partner"
        ),
        (
            #"{"id":1,"ok":true,"tags":[{"uid":"08:a1"}]}"#, .scan,
            "\"tags[0].uid\" \(hex)character \":\" at position 2 is not a hex digit"
        ),
        (
            #"{"id":1,"ok":true,"tags":[{"uid":""}]}"#, .scan,
            "\"tags[0].uid\" must be at least one byte"
        ),
        // read
        (
            #"{"id":1,"ok":true,"status":"readWrite","capacity":46.5}"#, .read,
            "\"capacity\" must be a whole number ≥ 0"
        ),
        (
            #"{"id":1,"ok":true,"status":"readWrite","capacity":-46}"#, .read,
            "\"capacity\" must be a whole number ≥ 0"
        ),
        (
            #"{"id":1,"ok":true,"status":"readWrite","capacity":"46"}"#, .read,
            "\"capacity\" must be a whole number ≥ 0"
        ),
        (#"{"id":1,"ok":true,"status":"readWrite"}"#, .read, "\"capacity\" is missing"),
        (
            #"{"id":1,"ok":true,"status":"sortOf","capacity":46}"#, .read,
            "\"status\" must be notSupported, readWrite or readOnly, not \"sortOf\""
        ),
        (
            "{\"id\":1,\(read),\"ndef\":\"d1010\"}", .read,
            "\"ndef\" \(hex)odd number of hex digits: the digit at position 4 has no partner"
        ),
        (
            "{\"id\":1,\(read),\"ndef\":\"d1 01\"}", .read,
            "\"ndef\" \(hex)character \" \" at position 2 is not a hex digit"
        ),
        ("{\"id\":1,\(read),\"ndef\":209}", .read, "\"ndef\" must be a string of hex digits"),
        ("{\"id\":1,\(read),\"records\":{}}", .read, "\"records\" must be a list"),
        (
            "{\"id\":1,\(read),\"records\":[{\"tnf\":\"wellKnown\",\"typeHex\":\"55\","
                + "\"payloadHex\":\"00\"}]}", .read, "\"records[0].idHex\" is missing"
        ),
        (
            "{\"id\":1,\(read),\"records\":[{\"tnf\":\"wellKnown\",\"typeHex\":\"55\","
                + "\"idHex\":\"\",\"payloadHex\":\"0\"}]}", .read,
            "\"records[0].payloadHex\" \(hex)odd number of hex digits: the digit at position 0 "
                + "has no partner"
        ),
        (
            "{\"id\":1,\(read),\"records\":[{\"tnf\":\"reserved\",\"typeHex\":\"\","
                + "\"idHex\":\"\",\"payloadHex\":\"\"}]}", .read,
            "\"records[0].tnf\" must be empty, wellKnown, media, absoluteURI, external, unknown "
                + "or unchanged, not \"reserved\""
        ),
        // select, apdu, dispatch
        (
            #"{"id":1,"ok":true,"aid":"D2760000850101","historical_bytes":"8g"}"#, .select,
            "\"historical_bytes\" \(hex)character \"g\" at position 1 is not a hex digit"
        ),
        (
            #"{"id":1,"ok":true,"aid":"D2760000850101","application_data":"6f0"}"#, .select,
            "\"application_data\" \(hex)odd number of hex digits: the digit at position 2 has "
                + "no partner"
        ),
        (#"{"id":1,"ok":true,"aid":7}"#, .select, "\"aid\" must be a string"),
        (
            #"{"id":1,"ok":true,"response":"90"}"#, .apdu,
            "\"response\" must be hex of at least SW1 SW2"
        ),
        (
            #"{"id":1,"ok":true,"response":"9000zz"}"#, .apdu,
            "\"response\" \(hex)character \"z\" at position 4 is not a hex digit"
        ),
        (#"{"id":1,"ok":true,"url":false}"#, .dispatch, "\"url\" must be a string"),
    ]

    @Test(arguments: hostileLines)
    func aHostileLineIsAViolationNamingTheField(
        line: String, operation: Operation, reason: String
    ) {
        #expect(refusal(line, operation) == reason)
    }

    @Test func theGoodLinesOfEveryOperationReadAsTheySay() throws {
        func response(_ line: String) throws -> ProcessDUTAnswer {
            guard case .response(let answer) = try ProcessDUTAnswer.received(line, expecting: 1)
            else { throw DUTError.harness("not a response: \(line)") }
            return answer
        }
        // 1.0 and 1e0 are the number 1: JSON has one kind of number.
        let hello = try response(
            #"{"id":1.0,"ok":true,"name":"R","firmware":"2","protocol":1e0,"iso_dep":"host"}"#)
        #expect(
            try hello.identity(speaking: 1)
                == DUTIdentity(name: "R", firmware: "2", isoDEP: .host))
        let scan = try response(#"{"id":1,"ok":true,"tags":[{"uid":"08A1b2c3"},{"uid":"0811"}]}"#)
        #expect(try scan.scan() == DUTScan(tags: ["08A1b2c3", "0811"]))
        let read = try response(
            #"{"id":1,"ok":true,"status":"readOnly","capacity":0,"ndef":null,"records":[{"tnf":"#
                + #""media","typeHex":"612f62","idHex":"","payloadHex":"7B7D"}],"extra":[1.5]}"#)
        #expect(
            try read.read()
                == DUTRead(
                    status: .readOnly, capacity: 0, ndef: nil,
                    records: [
                        NDEFRecord(
                            typeNameFormat: .media, type: [0x61, 0x2F, 0x62], payload: [0x7B, 0x7D])
                    ]
                ))
        let select = try response(#"{"id":1,"ok":true,"aid":null}"#)
        #expect(try select.selection(among: Operation.aids) == nil)
        #expect(try response(#"{"id":1,"ok":true,"response":"9000"}"#).responseAPDU() == [0x90, 0])
        #expect(try response(#"{"id":1,"ok":true}"#).dispatchedURL() == nil)
        #expect(
            try ProcessDUTAnswer.received(#"{"event":"restart_polling"}"#, expecting: 1).event
                == "restart_polling")
        #expect(try ProcessDUTAnswer.received(#"{"id":1,"ok":true}"#, expecting: 3).isLate)
    }

    @Test func aRefusalWithAKnownNameIsTheDUTsOwnError() {
        let line = #"{"id":1,"ok":false,"error":"tagNotWritable","message":"locked"}"#
        #expect(throws: DUTError.reader(name: "tagNotWritable", message: "locked")) {
            try ProcessDUTAnswer.received(line, expecting: 1)
        }
        let unsupported = #"{"id":1,"ok":false,"error":"unsupported"}"#
        #expect(throws: DUTError.unsupported(operation: "")) {
            try ProcessDUTAnswer.received(unsupported, expecting: 1)
        }
    }

    @Test func coreNFCsFullNameOfAnErrorReadsAsTheNameTheCasesJudgeBy() {
        let spellings = [
            ("ndefReaderSessionErrorTagNotWritable", "tagNotWritable"),
            ("readerTransceiveErrorTagConnectionLost", "tagConnectionLost"),
            ("securityViolation", "readerErrorSecurityViolation"),
            ("readerErrorSecurityViolation", "readerErrorSecurityViolation"),
        ]
        for (spelled, judged) in spellings {
            let line = #"{"id":1,"ok":false,"error":"\#(spelled)","message":"m"}"#
            #expect(throws: DUTError.reader(name: judged, message: "m"), "\(spelled)") {
                try ProcessDUTAnswer.received(line, expecting: 1)
            }
        }
    }
}

extension ProcessDUTAnswer.Received {
    /// The event's name, when the line is one.
    fileprivate var event: String? {
        if case .event(let name) = self { name } else { nil }
    }

    /// Whether the line answers an earlier request.
    fileprivate var isLate: Bool {
        if case .late = self { true } else { false }
    }
}
