import TagFormat

/// What a reader parses out of a tag (Sources/TagFormat): the Type 4 CC file and NDEF file,
/// the Type 2 CC and the TLV walk to the NDEF message (`Type2TagMemory`), and command and
/// response APDUs, each fed the whole input.
///
/// Properties: decode, encode, decode gives the same value (CC files, Type 2 CCs, APDUs);
/// the message an NDEF file holds, put in a new file, reads back the same; a Type 2 image's
/// message, written back in place, reads back the same; every error names an offset inside
/// the input, except that a Type 2 `truncated` names the first address the bytes lack.
public enum TagFormatTarget: FuzzTarget {
    public static let name = "tag-format"

    public static func check(_ input: [UInt8]) throws(PropertyFailure) {
        try checkType4CC(input)
        for fileLength in NDEFFileLength.allCases { try checkNDEFFile(input, fileLength) }
        try checkType2CC(input)
        for leniency in [Type2Leniency(), [.anyMajorVersion, .pastTerminator, .pastDataArea]] {
            try checkType2Memory(input, leniency)
        }
        try checkAPDUs(input)
    }

    static func checkType4CC(_ input: [UInt8]) throws(PropertyFailure) {
        try PropertyFailure.requireRoundTrip(
            "Type 4 CC", of: input,
            decode: { (bytes) throws(CapabilityContainerError) in
                try CapabilityContainer(decoding: bytes)
            }, encode: { try $0.encoded() }, offset: \.offset)
    }

    static func checkNDEFFile(_ input: [UInt8], _ fileLength: NDEFFileLength)
        throws(PropertyFailure)
    {
        // A file as large as the input allows: `file(containing:)` pads to the maximum, and
        // the largest an ENLEN file may declare is 4 GiB.
        let allowed = fileLength.allowedMaximumFileSizes
        let maximum = min(max(input.count, allowed.lowerBound), allowed.upperBound)
        do {
            let message = try fileLength.message(inFile: input, maximumFileSize: maximum)
            let file = try fileLength.file(containing: message, maximumFileSize: maximum)
            let again = try fileLength.message(inFile: file, maximumFileSize: maximum)
            try PropertyFailure.require(
                again == message, "an NDEF file's message reads back the same from a new file",
                "\(message.count) bytes became \(again.count)")
        } catch let error as NDEFFileError {
            try PropertyFailure.requireOffset(error.offset, in: input, error)
        } catch let failure as PropertyFailure {
            throw failure
        } catch {
            throw PropertyFailure("an NDEF file throws only its error", "\(error)")
        }
    }

    static func checkType2CC(_ input: [UInt8]) throws(PropertyFailure) {
        // Only the first 4 bytes are the CC, and its offsets are tag memory addresses: the
        // CC is block 3.
        try PropertyFailure.requireRoundTrip(
            "Type 2 CC", of: Array(input.prefix(4)),
            decode: { (bytes) throws(Type2TagError) in
                try Type2CapabilityContainer(decoding: bytes)
            }, encode: { $0.encoded() },
            offset: { $0.offset - Type2Tag.capabilityContainerOffset })
    }

    static func checkType2Memory(_ input: [UInt8], _ leniency: Type2Leniency)
        throws(PropertyFailure)
    {
        do {
            let memory = try Type2TagMemory(image: input, leniency: leniency)
            let message = try memory.ndefMessage()
            guard leniency.isEmpty else { return }
            let again = try memory.replacingNDEFMessage(message).ndefMessage()
            try PropertyFailure.require(
                again == message, "a Type 2 message written back in place reads back the same",
                "\(message.count) bytes became \(again.count)")
        } catch let error as Type2TagError {
            if case .truncated(let offset, _, _) = error {
                try PropertyFailure.require(
                    offset >= 0, "a Type 2 truncation names an address", "\(error)")
            } else if case .messageTooLong = error {
                throw PropertyFailure("a Type 2 message fits where it was read from", "\(error)")
            } else {
                try PropertyFailure.requireOffset(error.offset, in: input, error)
            }
        } catch let failure as PropertyFailure {
            throw failure
        } catch {
            throw PropertyFailure("a Type 2 image throws only its error", "\(error)")
        }
    }

    static func checkAPDUs(_ input: [UInt8]) throws(PropertyFailure) {
        try PropertyFailure.requireRoundTrip(
            "command APDU", of: input,
            decode: { (bytes) throws(APDUError) in try CommandAPDU(decoding: bytes) },
            encode: { $0.encoded() }, offset: \.offset)
        try PropertyFailure.requireRoundTrip(
            "response APDU", of: input,
            decode: { (bytes) throws(APDUError) in try ResponseAPDU(decoding: bytes) },
            encode: { $0.encoded() }, offset: \.offset)
    }
}
