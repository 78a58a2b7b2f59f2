/// The physical floor of an NDEF read or write: the shortest time the NFC Forum procedure
/// for a message of N bytes can take on the air, whatever the reader does between frames.
///
/// Each exchange costs its frame bits, the card's response delay and, before the next
/// command, the guard time (``AirSequence``). Activation (anticollision, RATS) is not
/// counted: a read or write time starts with the tag already in the field, maybe already
/// selected.
///
/// **Type 2** (NFC Forum T2T): a READ is `30 page` and CRC_A (4 bytes) answered by four
/// pages, 16 bytes and CRC_A (18 bytes). The data area starts at page 4 with the NDEF TLV
/// (`03`, a 1-byte length below 255, else `FF` and 2 bytes), so a message of N bytes
/// occupies `H + N` bytes (H = 2 or 4). The CC is page 3, and its READ also returns pages
/// 4 to 6; so the fewest READs are `⌈(1 + ⌈(H + N)/4⌉)/4⌉`, the CC read included. A write
/// reads the CC (one READ), writes the TLV's length as 0, the pages of TLV and message,
/// then the length: `⌈(H + N)/4⌉ + 1` WRITEs, each `A2 page d0 d1 d2 d3` and CRC_A (8
/// bytes) answered by a 4-bit ACK. That counts every page as changed: a reader that skips
/// pages the tag already holds writes fewer.
///
/// **Type 4** (NFC Forum T4T, mapping 2.0, short APDUs): SELECT of the NDEF application by
/// name (13 bytes, Le included; answer 9000), SELECT of the CC file (7 bytes), READ BINARY
/// of the CC's 15 bytes, SELECT of the NDEF file, then for a read the READ BINARY of NLEN
/// (2 bytes) and of the message in pieces of at most 251 bytes: a response of 251 bytes
/// and the status word fills one frame of FSD 256 (with PCB and CRC_A). A write updates
/// NLEN to 0, the message in pieces of at most 248 bytes (UPDATE BINARY's 5-byte header
/// and 248 bytes fill one frame of FSC 256), then NLEN. 256 is the largest frame a card or
/// reader may take, so a smaller FSC, FSD or MLe only makes the procedure longer. A reader
/// that reads with extended-length READ BINARYs and chained answers trades each 5-byte
/// command for a 1-byte R(ACK) and can go some tens of microseconds per piece below this
/// floor: it bounds the short-APDU procedure.
public struct NDEFAirLimit: Sendable, Hashable {
    /// The tag types the floor knows.
    public enum TagType: String, Sendable, Hashable, CaseIterable {
        /// NFC Forum Type 2 (READ and WRITE of pages).
        case type2
        /// NFC Forum Type 4 (ISO-DEP and APDUs).
        case type4
    }

    /// What the procedure does with the message.
    public enum Operation: String, Sendable, Hashable, CaseIterable {
        /// Reads the message.
        case read
        /// Writes the message.
        case write
    }

    /// The tag type.
    public var tagType: TagType
    /// Read or write.
    public var operation: Operation
    /// The NDEF message's length in bytes.
    public var messageBytes: Int
    /// The bit rate in kbps: 106, 212 or 424.
    public var bitRateKbps: Int

    /// The floor for one operation on one message.
    public init(tagType: TagType, operation: Operation, messageBytes: Int, bitRateKbps: Int) {
        self.tagType = tagType
        self.operation = operation
        self.messageBytes = max(0, messageBytes)
        self.bitRateKbps = bitRateKbps
    }

    /// The exchanges the procedure needs at the least.
    public var sequence: AirSequence {
        switch (tagType, operation) {
        case (.type2, .read): Self.type2Read(messageBytes)
        case (.type2, .write): Self.type2Write(messageBytes)
        case (.type4, .read): Self.type4Read(messageBytes)
        case (.type4, .write): Self.type4Write(messageBytes)
        }
    }

    /// The floor in seconds.
    public var seconds: Double { sequence.seconds(bitRateKbps: bitRateKbps) }

    /// The floor in milliseconds.
    public var milliseconds: Double { seconds * 1000 }

    // MARK: Type 2

    /// Bytes per Type 2 page.
    static let pageBytes = 4
    /// Pages one READ returns.
    static let pagesPerRead = 4

    /// The NDEF TLV's header: `03` and a 1-byte length below 255, else `03 FF` and 2 bytes.
    static func tlvHeaderBytes(_ messageBytes: Int) -> Int { messageBytes < 255 ? 2 : 4 }

    static func ceilingDivision(_ value: Int, _ divisor: Int) -> Int {
        (value + divisor - 1) / divisor
    }

    /// The READs from the CC's page 3 to the message's last page.
    static func type2Read(_ messageBytes: Int) -> AirSequence {
        let dataPages = ceilingDivision(tlvHeaderBytes(messageBytes) + messageBytes, pageBytes)
        let reads = ceilingDivision(1 + dataPages, pagesPerRead)
        // READ: 30 page + CRC_A; the answer: 16 bytes + CRC_A.
        return AirSequence(Array(repeating: .frames(command: 4, answer: 18), count: reads))
    }

    /// The CC read, the length set to 0, the pages, the length.
    static func type2Write(_ messageBytes: Int) -> AirSequence {
        let dataPages = ceilingDivision(tlvHeaderBytes(messageBytes) + messageBytes, pageBytes)
        let write = AirExchange(
            commandBits: AirFrames.frameBits(bytes: 8), answerBits: AirFrames.shortFrameBits(4))
        return AirSequence([.frames(command: 4, answer: 18)])
            + AirSequence(Array(repeating: write, count: dataPages + 1))
    }

    // MARK: Type 4

    /// The most file bytes one READ BINARY's answer carries in one frame of FSD 256.
    public static let type4ReadPieceBytes = APDUAirLimit.largestFrameSize - 3 - 2
    /// The most file bytes one UPDATE BINARY carries in one frame of FSC 256.
    public static let type4UpdatePieceBytes = APDUAirLimit.largestFrameSize - 3 - 5

    /// One APDU exchange as I-blocks (PCB and CRC_A around each APDU).
    static func apdu(command: Int, response: Int) -> AirExchange {
        .frames(command: command + 3, answer: response + 3)
    }

    /// SELECT of the application and the CC file, READ BINARY of the CC, SELECT of the
    /// NDEF file: what both operations start with.
    static let type4Detection = AirSequence([
        apdu(command: 13, response: 2),  // 00 A4 04 00 07 D2760000850101 00
        apdu(command: 7, response: 2),  // 00 A4 00 0C 02 E103
        apdu(command: 5, response: 15 + 2),  // 00 B0 0000 0F
        apdu(command: 7, response: 2),  // 00 A4 00 0C 02 <NDEF file>
    ])

    static func type4Read(_ messageBytes: Int) -> AirSequence {
        var exchanges = [apdu(command: 5, response: 2 + 2)]  // NLEN
        var left = messageBytes
        while left > 0 {
            let piece = min(left, type4ReadPieceBytes)
            exchanges.append(apdu(command: 5, response: piece + 2))
            left -= piece
        }
        return type4Detection + AirSequence(exchanges)
    }

    static func type4Write(_ messageBytes: Int) -> AirSequence {
        let nlen = apdu(command: 5 + 2, response: 2)
        var exchanges = [nlen]
        var left = messageBytes
        while left > 0 {
            let piece = min(left, type4UpdatePieceBytes)
            exchanges.append(apdu(command: 5 + piece, response: 2))
            left -= piece
        }
        exchanges.append(nlen)
        return type4Detection + AirSequence(exchanges)
    }
}
