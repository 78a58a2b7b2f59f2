import Foundation
import NDEF
import Testing

/// The sample tag messages in `Rigs/samples/` that `make run` feeds the CLI.
@Suite struct SampleMessagesTests {
    static let names: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.samples.path))
        ?? []).filter { $0.hasSuffix(".hex") }.sorted()

    @Test func theRepositoryShipsSixToTenSampleTagMessages() {
        #expect((6...10).contains(Self.names.count), "samples: \(Self.names)")
    }

    @Test(arguments: names)
    func eachSampleIsOneLineOfLowercaseHexThatDecodesStrictlyAndReencodesToItsBytes(
        name: String
    ) throws {
        let text = try String(
            contentsOf: RepositoryPaths.samples.appendingPathComponent(name), encoding: .utf8)
        let line = text.hasSuffix("\n") ? String(text.dropLast()) : text
        #expect(!line.isEmpty && line.count.isMultiple(of: 2))
        #expect(line.allSatisfy { "0123456789abcdef".contains($0) }, "one line of lowercase hex")
        let bytes = try #require(Self.decodeHex(line))

        let message = try NDEFDecoder().decode(bytes)
        #expect(!message.records.isEmpty)
        #expect(try NDEFEncoder().encode(message) == bytes)
    }

    static func decodeHex(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var result: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard
                let byte = UInt8(
                    String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)
            else { return nil }
            result.append(byte)
        }
        return result
    }
}
