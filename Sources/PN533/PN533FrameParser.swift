/// What one look at buffered bytes found: a frame, a malformed frame (or garbage), or not
/// enough bytes yet, with the error to report should the transfer end there.
enum PN533FrameParse: Sendable, Hashable {
    case frame(PN533Frame, consumed: Int)
    case failure(PN533FrameError, consumed: Int)
    case needMore(ifTransferEnded: PN533FrameError?)
}

/// The stateless half of `PN533FrameDecoder`: reads at most one frame from the front of the
/// bytes it is given. Every failure consumes at least one byte, so a caller that drops what
/// it is told to always makes progress.
enum PN533FrameParser {
    static func parse(_ bytes: ArraySlice<UInt8>) -> PN533FrameParse {
        wholeFrameAtFront(bytes) ?? parseInGeneral(bytes)
    }

    /// `parse` without the fast path for the usual frame: what that path must agree with.
    static func parseInGeneral(_ bytes: ArraySlice<UInt8>) -> PN533FrameParse {
        let first = bytes.startIndex
        guard let start = startCodeIndex(in: bytes) else { return unsynchronised(bytes) }
        let frameStart = start > first && bytes[start - 1] == 0x00 ? start - 1 : start
        guard frameStart == first else {
            let skipped = Array(bytes[first..<frameStart])
            return .failure(.garbage(skipped: skipped), consumed: skipped.count)
        }
        return parseFrame(bytes, startCode: start)
    }

    /// The usual case in one pass: an ACK, or a whole, well-formed normal information frame,
    /// preamble first. `nil` for anything else (extended, NACK, error frame, garbage, a bad
    /// checksum, too few bytes), which the general path below then reads and reports.
    @inline(__always)
    private static func wholeFrameAtFront(_ bytes: ArraySlice<UInt8>) -> PN533FrameParse? {
        let front = bytes.startIndex
        guard bytes.count >= 6, bytes[front] == 0x00, bytes[front + 1] == 0x00,
            bytes[front + 2] == 0xFF
        else { return nil }
        let length = bytes[front + 3]
        let lengthChecksum = bytes[front + 4]
        if length == 0x00, lengthChecksum == 0xFF, bytes[front + 5] == 0x00 {
            return .frame(.ack, consumed: 6)
        }
        // LEN FF is an extended frame or a NACK: the general path's.
        let whole = Int(length) + 7
        guard length >= 2, length != 0xFF, length &+ lengthChecksum == 0, bytes.count >= whole
        else { return nil }
        let bodyStart = front + 5
        let checksumIndex = bodyStart + Int(length)
        guard bytes[checksumIndex + 1] == 0x00,
            let direction = PN533FrameDirection(rawValue: bytes[bodyStart])
        else { return nil }
        // TFI, code, data and DCS sum to 0.
        var sum: UInt8 = 0
        for index in bodyStart...checksumIndex { sum &+= bytes[index] }
        guard sum == 0 else { return nil }
        return .frame(
            .information(
                direction, code: bytes[bodyStart + 1],
                data: Array(bytes[(bodyStart + 2)..<checksumIndex])),
            consumed: whole)
    }

    private static func startCodeIndex(in bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            if bytes[index] == 0x00 && bytes[index + 1] == 0xFF { return index }
            index += 1
        }
        return nil
    }

    /// No start code yet: everything but up to two trailing zeros (a preamble and the first
    /// half of a start code that may complete with the next packet) is garbage.
    private static func unsynchronised(_ bytes: ArraySlice<UInt8>) -> PN533FrameParse {
        var kept = 0
        while kept < 2 && kept < bytes.count && bytes[bytes.endIndex - 1 - kept] == 0x00 {
            kept += 1
        }
        let garbageCount = bytes.count - kept
        if garbageCount > 0 {
            let skipped = Array(bytes.prefix(garbageCount))
            return .failure(.garbage(skipped: skipped), consumed: garbageCount)
        }
        return .needMore(ifTransferEnded: bytes.isEmpty ? nil : .garbage(skipped: Array(bytes)))
    }

    private static func parseFrame(_ bytes: ArraySlice<UInt8>, startCode start: Int)
        -> PN533FrameParse
    {
        // Offsets are reported as if the preamble stood just before the start code.
        let origin = start - 1
        let end = bytes.endIndex
        guard end >= start + 4 else {
            return .needMore(ifTransferEnded: .truncatedHeader(offset: end - origin))
        }
        let cursor = FrameCursor(start: bytes.startIndex, end: bytes.endIndex, origin: origin)
        switch (bytes[start + 2], bytes[start + 3]) {
        case (0x00, 0xFF):
            return cursor.controlFrame(.ack, postamble: start + 4, in: bytes)
        case (0xFF, 0x00):
            return cursor.controlFrame(.nack, postamble: start + 4, in: bytes)
        case (0xFF, 0xFF):
            guard end >= start + 7 else {
                return .needMore(ifTransferEnded: .truncatedHeader(offset: end - origin))
            }
            let high = bytes[start + 4]
            let low = bytes[start + 5]
            let lcs = bytes[start + 6]
            let length = Int(high) << 8 | Int(low)
            guard high &+ low &+ lcs == 0 else {
                return cursor.badLengthChecksum(lcsIndex: start + 6, length: length, lcs: lcs)
            }
            return cursor.body(
                lengthIndex: start + 4, length: length, bodyStart: start + 7, in: bytes)
        case (let length, let lcs):
            guard length &+ lcs == 0 else {
                return cursor.badLengthChecksum(lcsIndex: start + 3, length: Int(length), lcs: lcs)
            }
            return cursor.body(
                lengthIndex: start + 2, length: Int(length), bodyStart: start + 4, in: bytes)
        }
    }
}

/// Index arithmetic for one frame that starts at the front of the bytes parsed. The bytes
/// are passed to each call rather than kept: a stored slice cost a retain and a release
/// per frame.
private struct FrameCursor {
    /// The bounds of the bytes parsed.
    let start: Int
    let end: Int
    let origin: Int

    func offset(_ index: Int) -> Int { index - origin }
    func consumed(through index: Int) -> Int { index + 1 - start }

    func controlFrame(
        _ frame: PN533Frame, postamble: Int, in bytes: borrowing ArraySlice<UInt8>
    ) -> PN533FrameParse {
        guard postamble < end else {
            return .needMore(ifTransferEnded: .truncatedHeader(offset: offset(end)))
        }
        let byte = bytes[postamble]
        guard byte == 0x00 else {
            return .failure(
                .badPostamble(offset: offset(postamble), byte: byte),
                consumed: consumed(through: postamble))
        }
        return .frame(frame, consumed: consumed(through: postamble))
    }

    /// LEN is not to be trusted, so only the start code is dropped and the search resumes
    /// right after it.
    func badLengthChecksum(lcsIndex: Int, length: Int, lcs: UInt8) -> PN533FrameParse {
        .failure(
            .badLengthChecksum(offset: offset(lcsIndex), length: length, checksum: lcs),
            consumed: consumed(through: origin + 2))
    }

    func body(
        lengthIndex: Int, length: Int, bodyStart: Int, in bytes: borrowing ArraySlice<UInt8>
    ) -> PN533FrameParse {
        guard length > 0 else {
            return .failure(
                .lengthTooShort(offset: offset(lengthIndex), length: 0),
                consumed: consumed(through: bodyStart - 1))
        }
        let dcsIndex = bodyStart + length
        let postambleIndex = dcsIndex + 1
        guard postambleIndex < end else {
            let available = end - bodyStart
            return .needMore(
                ifTransferEnded: .lengthMismatch(
                    offset: offset(lengthIndex), length: length, available: available))
        }
        let whole = consumed(through: postambleIndex)
        let dcs = bytes[dcsIndex]
        let expected = PN533Frame.checksum(bytes[bodyStart..<dcsIndex])
        guard dcs == expected else {
            return .failure(
                .badDataChecksum(offset: offset(dcsIndex), checksum: dcs, expected: expected),
                consumed: whole)
        }
        let postamble = bytes[postambleIndex]
        guard postamble == 0x00 else {
            return .failure(
                .badPostamble(offset: offset(postambleIndex), byte: postamble), consumed: whole)
        }
        let tfi = bytes[bodyStart]
        if tfi == PN533Frame.errorFrameIdentifier && length == 1 {
            return .frame(.error, consumed: whole)
        }
        guard let direction = PN533FrameDirection(rawValue: tfi) else {
            return .failure(
                .badFrameIdentifier(offset: offset(bodyStart), tfi: tfi), consumed: whole)
        }
        guard length >= 2 else {
            return .failure(
                .lengthTooShort(offset: offset(lengthIndex), length: length), consumed: whole)
        }
        let data = Array(bytes[(bodyStart + 2)..<dcsIndex])
        return .frame(
            .information(direction, code: bytes[bodyStart + 1], data: data), consumed: whole)
    }
}
