import PacketTrace
import Testing

/// What `nfcrig trace` prints for a file that is no trace: one line naming the value at
/// fault and its offset.
@Suite struct PcapngReadErrorDescriptionTests {
    static let errors: [PcapngReadError] = [
        .truncated(offset: 116, needed: 12, available: 4),
        .notASectionHeader(blockType: 0x0000_0006, offset: 0),
        .byteOrderMagic(0x4D3C_2B1A, offset: 8),
        .unsupportedVersion(major: 2, offset: 12),
        .secondSection(offset: 212),
        .blockLength(41, blockType: 6, offset: 216),
        .blockLengthExceedsFile(4_096, offset: 216, available: 40),
        .trailingBlockLength(40, expected: 44, offset: 252),
        .optionLength(code: 1, length: 300, offset: 240),
        .timestampResolution(0x0A, offset: 100),
        .unsupportedLinkType(1, offset: 80),
        .unknownInterface(9, offset: 300),
        .timestampOutOfRange(ticks: UInt64.max, offset: 308),
        .capturedLength(512, offset: 320, available: 20),
        .packetTooShort(length: 2, needed: 4, offset: 332),
        .pseudoHeaderVersion(7, offset: 336),
        .pseudoHeaderEvent(0x01, offset: 337),
        .pseudoHeaderLength(9, actual: 3, offset: 338),
        .usbEventType(0x58, offset: 340),
        .usbCapturedLength(64, actual: 6, offset: 376),
    ]

    @Test(arguments: errors)
    func everyErrorIsOneLineNamingItsOffset(_ error: PcapngReadError) {
        let text = error.description
        #expect(!text.contains("\n"))
        let offset: Int =
            switch error {
            case .truncated(let offset, _, _), .notASectionHeader(_, let offset),
                .byteOrderMagic(_, let offset), .unsupportedVersion(_, let offset),
                .secondSection(let offset), .blockLength(_, _, let offset),
                .blockLengthExceedsFile(_, let offset, _), .trailingBlockLength(_, _, let offset),
                .optionLength(_, _, let offset), .timestampResolution(_, let offset),
                .unsupportedLinkType(_, let offset), .unknownInterface(_, let offset),
                .timestampOutOfRange(_, let offset), .capturedLength(_, let offset, _),
                .packetTooShort(_, _, let offset), .pseudoHeaderVersion(_, let offset),
                .pseudoHeaderEvent(_, let offset), .pseudoHeaderLength(_, _, let offset),
                .usbEventType(_, let offset), .usbCapturedLength(_, _, let offset):
                offset
            }
        #expect(text.contains("offset \(offset)"), "\(text)")
    }

    @Test func aBigEndianFileAndAClassicPcapFileAreNamedAsSuch() {
        #expect(
            PcapngReadError.byteOrderMagic(0x4D3C_2B1A, offset: 8).description
                == "byte-order magic 4D3C2B1A at offset 8: a big-endian file, which nfcrig "
                + "does not read")
        #expect(
            PcapngReadError.notASectionHeader(blockType: 0xA1B2_C3D4, offset: 0).description
                .hasSuffix("; it is a classic pcap file: convert it with `editcap -F pcapng`"))
    }
}
