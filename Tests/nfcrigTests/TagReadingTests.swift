import Foundation
import NDEF
import Rig
import TagEmulation
import TagReader
import Testing

@testable import nfcrig

/// The `read` and `emulate` logic below the command line: reading simulated tags the CLI
/// cannot set up (unformatted, two at once), and the text the verbs print.
@Suite struct TagReadingTests {
    let rig = RigFile(
        name: "t", emulators: [.init(id: "tag-a", device: .sim), .init(id: "tag-b", device: .sim)],
        dut: .reference(device: .sim))
    let uri: [UInt8] = [0xD1, 0x01, 0x05, 0x55, 0x04, 0x61, 0x2E, 0x62, 0x63]

    func read(_ tags: [TagSetup]) async throws -> TagReadOutcome {
        try await TagReading.read(
            rig, directory: URL(fileURLWithPath: "/tmp"), simulatedTags: tags,
            timeout: .seconds(1)
        ).get()
    }

    @Test func aTagWithoutTheNDEFApplicationIsReadAsNotSupportedAndExitsZero() async throws {
        let outcome = try await read([.type4(Type4Setup(formatted: false, content: []))])
        guard case .tag(let result) = outcome else {
            Issue.record("no tag: \(outcome)")
            return
        }
        #expect(result.status == .notSupported)
        #expect(result.capacity == 0)
        #expect(result.message == nil)
        let report = TagReadReport(outcome: outcome)
        #expect(report.exitStatus == 0)
        #expect(report.text().dropFirst() == ["NDEF: notSupported, capacity 0 bytes"])
        #expect(report.json().contains(#""status":"notSupported","capacity":0,"records":[]}"#))
    }

    @Test func twoTagsAreReportedWithCoreNFCsMessageAndExitOne() async throws {
        let tag = TagSetup.type4(Type4Setup(content: uri))
        let outcome = try await read([tag, tag])
        guard case .multipleTags(let count) = outcome else {
            Issue.record("not multiple tags: \(outcome)")
            return
        }
        // Emulator chips arm again after the reader's DESELECT and answer the next REQA, so
        // the reader counts them up to its limit: at least the two of them.
        #expect(count >= 2)
        let report = TagReadReport(outcome: outcome)
        #expect(report.exitStatus == 1)
        #expect(
            report.failure()
                == "More than 1 tag is detected, please remove all tags and try again. (\(count) tags)"
        )
        #expect(report.json().hasPrefix(#"{"error":{"name":"multipleTags","coreNFC":null"#))
    }

    @Test func aMalformedMessageIsAReadErrorNamedAsCoreNFCDoes() async throws {
        // The record claims 5 payload bytes and has 1.
        let outcome = try await read([.type4(Type4Setup(content: [0xD1, 0x01, 0x05, 0x55, 0x04]))])
        let report = TagReadReport(outcome: outcome)
        #expect(report.exitStatus == 1)
        #expect(report.failure()?.hasPrefix("read failed: invalidMessage: ") == true)
        #expect(report.json().contains(#""error":{"name":"invalidMessage","coreNFC":null"#))
    }

    @Test func errorTextGivesCoreNFCsCodeNameAndValue() {
        #expect(
            TagReadReport.errorText(.zeroLengthMessage)
                == "ndefReaderSessionErrorZeroLengthMessage (403): zero-length NDEF message")
    }

    @Test func commandsAreNamedByTagType() {
        #expect(
            TagEventText.type4Command([0x00, 0xB0, 0x00, 0x02, 0x09]) == "READ BINARY 9 bytes at 2")
        #expect(
            TagEventText.type4Command([0x00, 0xD6, 0x00, 0x00, 0x02, 0x00, 0x00])
                == "UPDATE BINARY 2 bytes at 0")
        #expect(TagEventText.type4Command([0x80, 0xB0]) == nil)
        #expect(TagEventText.type2Command([0x30, 0x04]) == "READ block 4")
        #expect(TagEventText.type2Command([0xA2, 0x05, 1, 2, 3, 4]) == "WRITE block 5")
        let event = TagEvent(at: .milliseconds(12), kind: .received([0x30, 0x03]))
        #expect(TagEventText.line(event, type: .type2) == "    12.000 ms  <- 3003  READ block 3")
    }

    @Test func aSetupHoldsAsMuchAsItsTagAndNoMore() throws {
        #expect(
            try TagSetupBuilder.setup(.type4, message: uri, source: "s").messageCapacity == 2046)
        #expect(
            try TagSetupBuilder.setup(.type4, message: uri, mapping: .version3, source: "s")
                .messageCapacity == 2044)
        #expect(try TagSetupBuilder.setup(.type2, message: uri, source: "s").messageCapacity == 142)
        #expect(throws: (any Error).self) {
            try TagSetupBuilder.setup(.type2, message: Array(repeating: 0, count: 143), source: "s")
        }
    }
}
