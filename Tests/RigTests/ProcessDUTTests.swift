import Foundation
import NDEF
import TagFormat
import Testing

@testable import Rig

/// The process adapter against a scripted DUT: good answers, and each way a DUT can break
/// the protocol, reported as a typed error quoting the line, after which the run goes on.
@Suite struct ProcessDUTTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Rigs/examples")

    func dut(_ mode: String, requestTimeout: Duration = .seconds(5)) -> ProcessDUT {
        ProcessDUT(
            spec: ProcessDUTSpec(
                command: ["python3", "fake_dut.py", mode], helloTimeout: .seconds(5),
                requestTimeout: requestTimeout),
            directory: Self.examples, now: { .zero })
    }

    func error(_ body: () async throws(DUTError) -> Void) async -> DUTError? {
        do throws(DUTError) {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    /// The protocol violation `body` throws: the line and the reason; empty (and an issue
    /// recorded) when it throws anything else or nothing.
    func violation(_ body: () async throws(DUTError) -> Void) async -> (
        line: String, reason: String
    ) {
        let failure = await error(body)
        guard case .protocolViolation(let line, let reason)? = failure else {
            Issue.record("expected a protocol violation, got \(String(describing: failure))")
            return ("", "")
        }
        return (line, reason)
    }

    @Test func aWellBehavedDUTIntroducesItselfScansReadsAndWrites() async throws {
        let dut = dut("good")
        #expect(try await dut.hello() == DUTIdentity(name: "FakeReader", firmware: "1.4.2"))
        #expect(try await dut.scan(timeout: .milliseconds(200)).tags == ["08a1b2c3"])
        #expect(await dut.takeEvents().map(\.name) == ["restart_polling"])
        let read = try await dut.read()
        #expect(
            read
                == DUTRead(
                    status: .readWrite, capacity: 2046,
                    ndef: [0xD1, 0x01, 0x05, 0x55, 0x04, 0x61, 0x2E, 0x62, 0x63]))
        try await dut.write([0xD0, 0x00, 0x00])
        #expect(try await dut.backgroundDispatch() == "https://a.bc")
        await dut.close()
    }

    @Test func aLineThatIsNotJSONIsQuotedAndTheNextRequestWorks() async throws {
        let dut = dut("bad-json")
        _ = try await dut.hello()
        let failure = await error { () async throws(DUTError) in _ = try await dut.read() }
        #expect(
            failure
                == DUTError.protocolViolation(line: "this is not json", reason: "not a JSON object")
        )
        #expect(try await dut.hello().name == "FakeReader")
        await dut.close()
    }

    @Test func noAnswerWithinTheTimeoutIsATimeout() async throws {
        let dut = dut("silent", requestTimeout: .milliseconds(300))
        _ = try await dut.hello()
        let failure = await error { () async throws(DUTError) in _ = try await dut.read() }
        #expect(failure == DUTError.timeout(operation: "read", after: .milliseconds(300)))
        await dut.close()
    }

    @Test func anEarlyExitReportsTheStatusAndStderrAndTheProcessIsRestarted() async throws {
        let dut = dut("exit-early")
        _ = try await dut.hello()
        let failure = await error { () async throws(DUTError) in _ = try await dut.read() }
        #expect(failure == DUTError.exited(status: 3, stderr: "boom: reader unplugged"))
        #expect(try await dut.hello().firmware == "1.4.2")
        await dut.close()
    }

    @Test func anUnknownStatusValueIsAProtocolViolation() async throws {
        let dut = dut("unknown-status")
        _ = try await dut.hello()
        let violation = await violation { () async throws(DUTError) in _ = try await dut.read() }
        #expect(violation.line.contains("sortOf"))
        #expect(
            violation.reason
                == "\"status\" must be notSupported, readWrite or readOnly, not \"sortOf\"")
        await dut.close()
    }

    @Test func anAnswerForAnotherRequestIsAProtocolViolation() async throws {
        let dut = dut("wrong-id")
        _ = try await dut.hello()
        let violation = await violation { () async throws(DUTError) in _ = try await dut.read() }
        #expect(violation.reason.contains("answers no request"))
        await dut.close()
    }

    @Test func aCoreNFCErrorNameComesBackAsAReaderError() async throws {
        let dut = dut("not-writable")
        let failure = await error { () async throws(DUTError) in try await dut.write([0xD0, 0, 0]) }
        #expect(failure == DUTError.reader(name: "tagNotWritable", message: "read-only tag"))
        await dut.close()
    }

    @Test func anUnknownErrorNameIsAProtocolViolation() async throws {
        let dut = dut("unknown-error")
        let violation = await violation { () async throws(DUTError) in _ = try await dut.read() }
        #expect(violation.reason == "\"error\" is an unknown error name: \"gremlins\"")
        await dut.close()
    }

    @Test func theRecordsTheDUTsApplicationDecodedComeWithTheRead() async throws {
        let dut = dut("records")
        let read = try await dut.read()
        #expect(
            read.records == [
                NDEFRecord(
                    typeNameFormat: .wellKnown, type: [0x55], payload: Array("\u{4}a.bc".utf8))
            ])
        #expect(read.ndef == [0xD1, 0x01, 0x05, 0x55, 0x04, 0x61, 0x2E, 0x62, 0x63])
        await dut.close()
    }

    @Test(arguments: [
        ("bad-tnf", "\"records[0].tnf\" must be empty, wellKnown, media"),
        (
            "bad-record-hex",
            "\"records[0].payloadHex\" must be hex, two digits per byte: odd number"
        ),
    ])
    func aRecordThatIsNotTheProtocolIsAViolationNamingItsField(mode: String, reason: String)
        async throws
    {
        let dut = dut(mode)
        let violation = await violation { () async throws(DUTError) in _ = try await dut.read() }
        #expect(violation.reason.hasPrefix(reason), "\(violation.reason)")
        #expect(violation.line.contains("\"records\""))
        await dut.close()
    }

    @Test func aDUTSpeakingAnotherProtocolVersionFailsHello() async throws {
        let dut = dut("protocol-2")
        let violation = await violation { () async throws(DUTError) in _ = try await dut.hello() }
        #expect(violation.reason == "the DUT speaks protocol 2; nfcrig speaks 1")
        await dut.close()
    }

    @Test func aDUTMaySayWhetherItsChipOrItsSoftwareRunsISODEP() async throws {
        let told = dut("iso-dep-chip")
        #expect(try await told.hello().isoDEP == .chip)
        await told.close()
        let silent = dut("good")
        #expect(try await silent.hello().isoDEP == nil)
        await silent.close()
        let odd = dut("iso-dep-odd")
        let violation = await violation { () async throws(DUTError) in _ = try await odd.hello() }
        #expect(violation.reason == "\"iso_dep\" must be chip or host, not \"firmware\"")
        await odd.close()
    }

    @Test func aTagReaderSessionSelectsOneOfTheAIDsAskedForAndExchangesAPDUs() async throws {
        let aids = try ["F0010203040506", "0102030405"].map(ApplicationIdentifier.init(hex:))
        let good = dut("good")
        let selection = try await good.selectISO7816(aids)
        #expect(
            selection
                == DUTSelection(
                    aid: aids[1], historicalBytes: [0x80, 0x01],
                    applicationData: [0x6F, 0x07, 0x84, 0x05, 1, 2, 3, 4, 5]))
        #expect(try await good.sendAPDU([0x80, 0x01, 0, 0]) == [0x80, 0x01, 0, 0, 0x90, 0x00])
        await good.close()
        let none = dut("select-none")
        #expect(try await none.selectISO7816(aids) == nil)
        await none.close()
    }

    @Test func aSelectionOfAnAIDNobodyAskedForOrAnAnswerWithoutSWIsAViolation() async throws {
        let aids = try ["F0010203040506", "0102030405"].map(ApplicationIdentifier.init(hex:))
        let foreign = dut("select-foreign")
        let (line, reason) = await violation { () async throws(DUTError) in
            _ = try await foreign.selectISO7816(aids)
        }
        #expect(line.contains("a0000000041010"))
        #expect(reason.contains("is none of the identifiers asked for: F0010203040506, 0102030405"))
        await foreign.close()
        let short = dut("apdu-short")
        let answer = await violation { () async throws(DUTError) in
            _ = try await short.sendAPDU([0x80, 0x01, 0, 0])
        }
        #expect(answer.reason == "\"response\" must be hex of at least SW1 SW2")
        await short.close()
    }

    @Test func aProgramThatCannotStartIsAHarnessError() async throws {
        let dut = ProcessDUT(
            spec: ProcessDUTSpec(command: ["./no-such-program"]), directory: Self.examples,
            now: { .zero })
        let failure = await error { () async throws(DUTError) in _ = try await dut.hello() }
        guard case .harness(let message)? = failure else {
            Issue.record("expected a harness error, got \(String(describing: failure))")
            return
        }
        #expect(message.contains("no-such-program"))
    }
}
