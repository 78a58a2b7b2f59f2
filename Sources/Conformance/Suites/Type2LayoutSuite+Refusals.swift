import NDEF
import Rig
import TagFormat

/// `t2t-layout`'s refusal and lock cases: tags to refuse, lock bits, reserved areas and
/// writes.
extension Type2LayoutSuite {
    // MARK: - Tags to refuse

    static var refusalCases: [ConformanceCase] {
        let overrun = Fixtures.message(ofLength: 100)
        return [
            // corenfc: what CoreNFC reports for such a tag is not documented; a corenfc
            // profile must settle it on a device. Accidental route: none; the tag differs from
            // a good one in the CC's version byte alone and answers every READ, so
            // nothing but the version is left to refuse it for.
            Type2LayoutSteps.refusalCase(
                "T2T-L-016", "refuses a tag whose CC announces mapping version 2.0",
                tag(uri, .init(version: 0x20, elements: [.message, .terminator])), .notNDEF,
                rule: "NFC Forum T2T 1.1 §6.1.1 (Version Treating): a major version above the "
                    + "reader's (1) is not accessed; the tag is not NDEF to it"),
            // Accidental route: none; every READ is answered, and the NDEF TLV after the
            // Terminator is whole, so only the Terminator is left to stop at.
            Type2LayoutSteps.refusalCase(
                "T2T-L-017", "stops at a Terminator TLV before the NDEF TLV",
                tag(uri, .init(elements: [.terminator, .message])), .noMessage,
                rule: "NFC Forum T2T 1.1 §2.3.6 (Terminator TLV): the Terminator TLV is the last "
                    + "TLV; an NDEF "
                    + "Message TLV after it is not the tag's message"),
            // Blocks 40 on are past the data area; the dynamic lock bytes are the one thing
            // there a reader may read. Accidental route: a reader that follows the length
            // reads on until the tag NAKs a READ past its memory and refuses for that NAK; the
            // RF side fails any READ past the data area, whatever the DUT reports.
            Type2LayoutSteps.refusalCase(
                "T2T-L-018",
                "refuses an NDEF TLV whose length runs past the data area, reading nothing beyond",
                tag(
                    overrun,
                    .init(elements: [.tlv(tag: .ndefMessage, length: 240, value: overrun)])),
                .noMessage,
                rule: "NFC Forum T2T 1.1 §2.3 (TLV blocks) and §6.4.2 (NDEF Read Procedure): TLVs "
                    + "lie inside the data area; an NDEF "
                    + "Message TLV announcing 240 bytes where 141 remain is no message, and the "
                    + "reader reads nothing past the data area but the dynamic lock bytes"
            ) { context in
                await RFObservations.type2ReadsWithinDataArea(
                    context, dataEnd: Type2Tag.dataAreaOffset + 144, allowed: [40])
            },
        ]
    }

    // MARK: - Lock bits, reserved areas and writes

    static var lockCases: [ConformanceCase] {
        // An NTAG216-sized tag whose NDEF TLV starts past block 16, where dynamic lock bits
        // lock: a 60-byte Proprietary TLV comes first.
        func ntag216(locked: Bool) -> TagSetup {
            tag(
                uri,
                .init(
                    dataAreaSize: 888,
                    elements: [
                        .tlv(.proprietary, Array(repeating: 0x5A, count: 60)), .message,
                        .terminator,
                    ], dynamicallyLocked: locked))
        }
        let ntag216Lock = Type2DynamicLockBits.defaultBits(dataAreaSize: 888)?.area ?? 0..<0
        let ntag216Capacity = Fixtures.built("the capacity of an NTAG216 after a Proprietary TLV") {
            try Type2TagMemory(
                image: Type2LayoutVariant(
                    dataAreaSize: 888,
                    elements: [.tlv(.proprietary, Array(repeating: 0x5A, count: 60)), .message]
                ).image(uid: [0x08, 0, 0, 0], message: [])
            ).ndefCapacity
        }
        let staticTag = tag(
            uri, .init(dataAreaSize: 48, elements: [.message, .terminator], staticallyLocked: true))
        // Lock bytes 0 and 1: block 2, bytes 2 and 3 (T2T 1.1 §2.1.2).
        let staticLock = 10..<12
        let undefined =
            "T2T 1.1's READ-ONLY state (§6.3.3) is CC write access 0Fh together with the lock "
            + "bits set; a CC of 00 with the lock bits set is no state it defines"
        let statusRule =
            "NFC Forum T2T 1.1 §6.4.1 (NDEF Detection Procedure): a tag with the CC magic number "
            + "E1, version 1.0 and an NDEF Message TLV is NDEF. " + undefined
            + ", so it requires no status: readOnly read from the lock bits (robustness, not a "
            + "T2T 1.1 rule) and readWrite as the CC says both pass"
        let statusExpected = ProfileExpectations(
            [
                .nfcForum: "status readOnly (robustness: from the lock bits, which the DUT must "
                    + "have read) or readWrite (what the CC's 00 says), never notSupported: T2T "
                    + "1.1 defines no state for a CC of 00 with the lock bits set",
                .coreNFC: "queryNDEFStatus reports the NDEF tag readOnly or readWrite, never "
                    + "notSupported; what iOS makes of lock bits its CC does not show is not "
                    + "documented, so neither is required",
            ],
            notJudged: ProfileExpectations.noNDEFMapping)
        let writeRule =
            "a set lock bit makes its bytes read-only, so the tag refuses (NAK) each WRITE of a "
            + "locked block; §6.4.3 (NDEF Write Procedure) writes with WRITE commands, each "
            + "confirmed by its ACK alone. The reader must not report the write done, and the "
            + "tag stays as it was. " + undefined + ": refusing before writing (tagNotWritable, "
            + "from the lock bits) is robustness, not a T2T 1.1 rule, and writing and reporting "
            + "the NAK passes too"
        let writeExpected = ProfileExpectations(
            [
                .nfcForum: "the write reported failed, never done, and the tag unchanged: "
                    + "tagNotWritable before writing (robustness: from the lock bits, which the "
                    + "DUT must have read) or any write error after the tag NAKed a WRITE",
                .coreNFC: "writeNDEF ends with an error, never success, and the tag unchanged: "
                    + "tagNotWritable before writing or, after the tag NAKed a WRITE, any write "
                    + "error; which one iOS gives for lock bits its CC does not show is not "
                    + "documented",
            ],
            notJudged: ProfileExpectations.noNDEFMapping)
        var cases = [
            Type2LayoutSteps.lockedStatusCase(
                "T2T-L-019",
                "reports a static-memory tag whose static lock bits are all set under a CC of 00 "
                    + "as NDEF, readOnly only from the lock bits it read",
                staticTag, lockArea: staticLock, lockBytes: "the static lock bytes",
                rule: statusRule, expected: statusExpected),
            Type2LayoutSteps.lockedStatusCase(
                "T2T-L-020",
                "reports an NTAG216-sized tag whose dynamic lock bits are all set under a CC of 00 "
                    + "as NDEF, readOnly only from the lock bytes it read",
                ntag216(locked: true), lockArea: ntag216Lock,
                lockBytes: "the dynamic lock bytes", rule: statusRule, expected: statusExpected),
            NDEFReadSuite.statusCase(
                "T2T-L-021",
                "reports readWrite and the room left after a Proprietary TLV when no lock bit is "
                    + "set",
                ntag216(locked: false),
                rule: "NFC Forum T2T 1.1 §6.4.1 (NDEF Detection Procedure): with no lock bit set "
                    + "the tag is READ/WRITE, and its capacity is the NDEF Message TLV's room "
                    + "from where it starts",
                status: .readWrite, capacity: ntag216Capacity, suite: name),
            Type2LayoutSteps.lockedWriteCase(
                "T2T-L-022",
                "reports a write to a tag locked by its static lock bits (CC 00) as failed, "
                    + "never done, the tag unchanged",
                staticTag, Fixtures.encode([Fixtures.text("new")]), lockArea: staticLock,
                lockBytes: "the static lock bytes",
                rule: "NFC Forum T2T 1.1 §2.1.2 (static lock bytes): " + writeRule,
                expected: writeExpected),
            Type2LayoutSteps.lockedWriteCase(
                "T2T-L-023",
                "reports a write to a tag locked by its dynamic lock bits (CC 00) as failed, "
                    + "never done, the tag unchanged",
                ntag216(locked: true), medium, lockArea: ntag216Lock,
                lockBytes: "the dynamic lock bytes",
                rule: "NFC Forum T2T 1.1 §2.2.2 (dynamic lock bits): " + writeRule,
                expected: writeExpected),
        ]
        if let reserved = Type2MemoryControl(position: 48, size: 8) {
            cases.append(
                Type2LayoutSteps.writeCase(
                    "T2T-L-024",
                    "writes a message around the reserved bytes of a Memory Control TLV",
                    tag(uri, .init(elements: [.memoryControl(reserved), .message, .terminator])),
                    medium,
                    rule: "NFC Forum T2T 1.1 §2.2.1 (Reserved Bytes, RQ_T2T_MEM_004): reserved "
                        + "bytes are jumped over in writes too; the tag refuses a WRITE that would "
                        + "change one"))
        }
        return cases
    }

    // MARK: - A TLV cut by the data area's end

    /// T2T-L-018's siblings: the NDEF TLV's header, not its value, runs past the data area. The
    /// tag is a static-memory one (48 bytes of data, blocks 4–15), which has no dynamic lock
    /// bytes after its data area, so no READ past block 15 has a reason.
    static var cutHeaderCases: [ConformanceCase] {
        func cut(_ header: [UInt8]) -> TagSetup {
            tag(
                uri,
                .init(
                    dataAreaSize: 48,
                    elements: [.null(count: 48 - header.count), .bytes(header)]))
        }
        let dataEnd = Type2Tag.dataAreaOffset + 48
        let rule =
            "NFC Forum T2T 1.1 §2.3 (TLV blocks) and §6.4.1 (NDEF Detection Procedure): TLVs "
            + "lie inside the data area, so a TLV whose header the data area's end cuts off is "
            + "no NDEF Message TLV, and the reader reads nothing past the data area for its "
            + "length (nfcpy 1.0.4 tt2.py checks only the tag byte against the end)"
        // Accidental route: a reader that reads the length past the data area is NAKed
        // there (block 16 is past this tag's memory) and refuses for that NAK; the RF side
        // fails any READ past the data area, whatever the DUT reports.
        return [
            Type2LayoutSteps.refusalCase(
                "T2T-L-025",
                "refuses an NDEF TLV whose tag byte is the data area's last byte, reading "
                    + "nothing beyond",
                cut([Type2TLVTag.ndefMessage.rawValue]), .noMessage,
                rule: rule + ": here the tag byte 03 is byte 47 of 48, its length field past the "
                    + "end"
            ) { context in
                await RFObservations.type2ReadsWithinDataArea(
                    context, dataEnd: dataEnd, allowed: [])
            },
            Type2LayoutSteps.refusalCase(
                "T2T-L-026",
                "refuses an NDEF TLV whose 3-byte length starts at the data area's last byte, "
                    + "reading nothing beyond",
                cut([Type2TLVTag.ndefMessage.rawValue, 0xFF]), .noMessage,
                rule: rule + ": here 03 FF end the data area, the length's other two bytes past "
                    + "it"
            ) { context in
                await RFObservations.type2ReadsWithinDataArea(
                    context, dataEnd: dataEnd, allowed: [])
            },
        ]
    }
}
