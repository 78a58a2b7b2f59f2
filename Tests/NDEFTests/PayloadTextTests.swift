import HexText
import NFCRigTestSupport
import SeededRandom
import Testing

@testable import NDEF

/// The UTF-8 and control check against the standard library's UTF-8 parser, on random bytes
/// that are mostly ASCII with multi-byte, broken and control bytes mixed in, at every length
/// around the eight-byte words the check reads.
@Suite struct PayloadTextTests {
    @Test(arguments: [false, true])
    func theCheckFindsWhatTheStandardLibraryParserFinds(rejectingControls: Bool) {
        var random = SplitMix64(seed: 0x2533_0003)
        let pieces: [[UInt8]] = [
            [0x41], [0x7A], [0x20], [0x7E], [0x7F], [0x00], [0x1F], [0x09], [0xC3, 0xA9],
            [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0x80], [0xC3], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0x80], [0xFF], [0xC0, 0xAF],
        ]
        for index in 0..<TestBudget.cases(40_000) {
            var bytes: [UInt8] = []
            let length = Int.random(in: 0...40, using: &random)
            while bytes.count < length {
                let rare = Int.random(in: 0..<12, using: &random) == 0
                bytes +=
                    rare
                    ? pieces.randomElement(using: &random)!
                    : [UInt8.random(in: 0x21...0x7E, using: &random)]
            }
            let found = bytes.withUnsafeBytes {
                PayloadText.firstFailure(in: $0, rejectingControls: rejectingControls)
            }
            let expected = Self.reference(bytes, rejectingControls: rejectingControls)
            if found != expected {
                Issue.record(
                    "case \(index): \(Hex.encode(bytes)): \(String(describing: found)) != \(String(describing: expected))"
                )
            }
        }
    }

    @Test func aTypeByteOutsidePrintableASCIIIsFoundInAnyPosition() {
        for length in 1...20 {
            for position in 0..<length {
                for bad: UInt8 in [0x00, 0x1F, 0x7F, 0x80, 0xFF] {
                    var type = [UInt8](repeating: 0x61, count: length)
                    type[position] = bad
                    let error = type.withUnsafeBytes { type in
                        rtdError { () throws(RTDError) in
                            try PayloadText.checkASCIIType(type, field: .mediaType)
                        }
                    }
                    #expect(error == .notASCII(field: .mediaType, offset: position, byte: bad))
                }
            }
        }
    }

    /// The first failure as the standard library's parser sees the bytes.
    static func reference(_ bytes: [UInt8], rejectingControls: Bool) -> PayloadText.Failure? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if rejectingControls && (scalar.value < 0x20 || scalar.value == 0x7F) {
                    return .control(offset: offset, byte: bytes[offset])
                }
                offset += encoded.count
            case .error:
                return .invalidUTF8(offset: offset, byte: bytes[offset])
            case .emptyInput:
                return nil
            }
        }
    }
}
