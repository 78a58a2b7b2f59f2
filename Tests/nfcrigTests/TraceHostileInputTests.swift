import Foundation
import NFCRigTestSupport
import PacketTrace
import SeededRandom
import Testing

/// Whatever is handed to `nfcrig trace` as a trace file, a file that is no trace gives one
/// line naming the file and what is wrong where, exit 2 and nothing on standard output.
@Suite struct TraceHostileInputTests {
    let files: TraceSampleFile

    init() throws { files = try TraceSampleFile() }

    /// nfcrig's standard error for `path`, after checking the exit status is 2 and
    /// standard output empty.
    func refusal(_ path: String, json: Bool = false) throws -> String {
        let outcome = try NFCRigProcess.run(["trace", path] + (json ? ["--json"] : []))
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasSuffix("\n"))
        #expect(outcome.stderr.dropLast().contains("\n") == false, "\(outcome.stderr)")
        return outcome.stderr
    }

    @Test func aMissingFileADirectoryAndAnEmptyFileAreNamed() throws {
        let missing = files.folder.url.appendingPathComponent("missing.pcapng").path
        #expect(try refusal(missing) == "error: \(missing): no such file\n")
        #expect(
            try refusal(files.folder.url.path)
                == "error: \(files.folder.url.path): a directory, not a trace file\n")
        let empty = try files.bytes([], name: "empty.pcapng").path
        #expect(
            try refusal(empty, json: true)
                == "error: \(empty): the file is empty, not a pcapng trace\n")
    }

    @Test func aTruncatedFileNamesWhereItEnds() throws {
        let whole = try PcapngWriter.write(SampleTraces.section)
        let cut = try files.bytes(Array(whole.dropLast(8)), name: "cut.pcapng").path
        let message = try refusal(cut)
        #expect(message.hasPrefix("error: \(cut): block length "))
        #expect(message.contains("reaches past the end of the file"))
        let stub = try files.bytes(Array(whole.prefix(5)), name: "stub.pcapng").path
        #expect(
            try refusal(stub)
                == "error: \(stub): the file ends at byte 5 inside a block: 12 bytes needed "
                + "from offset 0, 5 there\n")
    }

    @Test func aCorruptBlockNamesItsOffset() throws {
        var file = try PcapngWriter.write(SampleTraces.section)
        // The first packet's ISO 14443 pseudo-header version, at a known offset: the
        // packet block's header (8), its fixed fields (20), then the pseudo-header.
        let capture = try PcapngReader.read(file)
        let packet = try #require(capture.packets.first { $0.interface == 0 })
        let versionOffset = packet.offset + 28
        file[versionOffset] = 7
        let url = try files.bytes(file, name: "corrupt.pcapng").path
        #expect(
            try refusal(url)
                == "error: \(url): ISO 14443 pseudo-header version 7 at offset "
                + "\(versionOffset), not 0\n")
    }

    @Test func aClassicPcapOrATextFileIsNoPcapngAndSaysWhatItIs() throws {
        let pcap = try files.bytes(
            [0xD4, 0xC3, 0xB2, 0xA1] + Array(repeating: 0, count: 20), name: "old.pcap"
        ).path
        let message = try refusal(pcap)
        #expect(message.contains("not a pcapng file"))
        #expect(message.contains("classic pcap file"))
        let text = try files.bytes(Array("hello, this is no trace\n".utf8), name: "a.txt").path
        #expect(try refusal(text).contains("not a pcapng file: the first block's type is"))
    }

    @Test func seededDamageNeverCrashesTheCommand() throws {
        let whole = try PcapngWriter.write(SampleTraces.section)
        var random = SplitMix64(seed: 21)
        for round in 0..<12 {
            var damaged = whole
            for _ in 0..<4 {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(
                    in: 0...255, using: &random)
            }
            let url = try files.bytes(damaged, name: "damaged-\(round).pcapng").path
            let outcome = try NFCRigProcess.run(["trace", url])
            // Listed (damage in bytes the reader does not check) or refused: never a crash.
            #expect([0, 2].contains(outcome.status), "round \(round): \(outcome.stderr)")
        }
    }
}
