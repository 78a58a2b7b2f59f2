import NDEF
import Rig
import TagFormat

/// `t2t-layout`'s reading cases: TLVs before and around the message, sizes and lengths.
extension Type2LayoutSuite {
    // MARK: - TLVs before and around the message

    static var readCases: [ConformanceCase] {
        let ntag213Lock = Type2LockControl.defaultControl(dataAreaSize: 144)
        let ntag215Lock = Type2LockControl.defaultControl(dataAreaSize: 496)
        var cases: [ConformanceCase] = []
        if let ntag213Lock {
            cases.append(
                read(
                    "T2T-L-001",
                    "reads the NDEF TLV after a Lock Control TLV (NTAG213 factory layout)",
                    tag(uri, .init(elements: [.lockControl(ntag213Lock), .message, .terminator])),
                    rule: "NFC Forum T2T 1.1 §2.3.2 (Lock Control TLV): a tag with dynamic memory "
                        + "may start its data area with a Lock Control TLV (NTAG21x ship 01 03 A0 0C "
                        + "34), which the reader walks past to the NDEF Message TLV (a reader bug "
                        + "report, github.com/somq/nfccard-tool/issues/3: a Lock Control TLV first "
                        + "broke the parser)"))
        }
        if let reserved = Type2MemoryControl(position: 40, size: 8) {
            cases.append(
                read(
                    "T2T-L-002",
                    "reads a message around the reserved bytes of a Memory Control TLV",
                    tag(
                        medium, .init(elements: [.memoryControl(reserved), .message, .terminator])),
                    rule: "NFC Forum T2T 1.1 §2.2.1 (Reserved Bytes, RQ_T2T_MEM_004) and §2.3.3 "
                        + "(Memory Control TLV): the reader jumps "
                        + "over the reserved bytes a Memory Control TLV declares, here 8 bytes of "
                        + "EE in the middle of the message"))
        }
        let insideLock = Type2DynamicLockBits(position: 52, lockBitCount: 16, bytesLockedPerBit: 8)
        if let control = Type2LockControl(lockBits: insideLock) {
            cases.append(
                read(
                    "T2T-L-003", "reads a message around dynamic lock bytes inside the data area",
                    tag(medium, .init(elements: [.lockControl(control), .message, .terminator])),
                    rule: "NFC Forum T2T 1.1 §2.2.2 (Static and Dynamic Lock Bits, "
                        + "RQ_T2T_MEM_005) and §2.3.2 (Lock Control TLV): the lock bytes a Lock "
                        + "Control TLV places inside the data area are no message bytes"))
        }
        if let ntag215Lock, let first = Type2MemoryControl(position: 100, size: 16),
            let second = Type2MemoryControl(position: 180, size: 4)
        {
            cases.append(
                read(
                    "T2T-L-004",
                    "reads the NDEF TLV after a Lock Control and two Memory Control TLVs",
                    tag(
                        Fixtures.message(ofLength: 200),
                        .init(
                            dataAreaSize: 496,
                            elements: [
                                .lockControl(ntag215Lock), .memoryControl(first),
                                .memoryControl(second), .message, .terminator,
                            ])),
                    rule: "NFC Forum T2T 1.1 §2.3.2 (Lock Control TLV) and §2.3.3 (Memory "
                        + "Control TLV): a Lock Control TLV, then Memory Control TLVs, then the NDEF "
                        + "Message TLV, as Annex B.2 (Example of Dynamic Memory Structure) lays them "
                        + "out (NTAG215 size)"))
        }
        cases.append(
            read(
                "T2T-L-005", "skips NULL TLVs before the NDEF TLV",
                tag(uri, .init(elements: [.null(count: 4), .message, .terminator])),
                rule: "NFC Forum T2T 1.1 §2.3.1 (NULL TLV): NULL TLVs pad the data area and are "
                    + "skipped, however many (a reader bug report, github.com/don/NDEF/issues/9: "
                    + "it skipped only two)"))
        // The NDEF TLV starts at byte 41, in the data area's second 16 bytes.
        if let ntag213Lock {
            cases.append(
                read(
                    "T2T-L-006",
                    "finds an NDEF TLV that starts in the data area's second 16 bytes",
                    tag(
                        uri,
                        .init(elements: [
                            .lockControl(ntag213Lock), .null(count: 20), .message, .terminator,
                        ])),
                    rule: "NFC Forum T2T 1.1 §2.3 (TLV blocks): the TLVs are walked through the "
                        + "data area in order (a reader bug fix, github.com/NXPNFCProject/"
                        + "NFC_NCIHAL_libnfc-nci/pull/6: the search read the first 16 bytes, then "
                        + "the third, skipping the second)"))
        }
        // The Proprietary TLV's value looks like an NDEF TLV (03 04 …), so a reader that
        // searches for byte 03 rather than walking TLVs reads the wrong bytes.
        let decoy: [UInt8] = [0x03, 0x04, 0xD0, 0x00, 0x00, 0xFE] + Array(repeating: 0, count: 10)
        cases.append(
            read(
                "T2T-L-007", "jumps over a Proprietary TLV before the NDEF TLV",
                tag(uri, .init(elements: [.tlv(.proprietary, decoy), .message, .terminator])),
                rule: "NFC Forum T2T 1.1 §2.3.5 (Proprietary TLV): a Proprietary TLV is skipped "
                    + "by its length, "
                    + "whatever its value holds"))
        cases.append(
            read(
                "T2T-L-008", "jumps over a Proprietary TLV with a 3-byte length",
                tag(
                    uri,
                    .init(
                        dataAreaSize: 496,
                        elements: [
                            .tlv(.proprietary, Array(repeating: 0x03, count: 300)), .message,
                            .terminator,
                        ])),
                rule: "NFC Forum T2T 1.1 §2.3 (TLV blocks): from 255 on, a TLV's length takes "
                    + "three bytes (FF "
                    + "and two), for a Proprietary TLV as for the NDEF Message TLV"))
        let second = Fixtures.encode([Fixtures.uri("https://example.com/second")])
        cases.append(
            read(
                "T2T-L-009", "reads the first of two NDEF Message TLVs",
                tag(uri, .init(elements: [.message, .tlv(.ndefMessage, second), .terminator])),
                rule: "NFC Forum T2T 1.1 §2.3.4 (NDEF Message TLV) and §6.4.2 (NDEF Read "
                    + "Procedure): the reader reads the first NDEF Message TLV (NXP's libnfc-nci "
                    + "does the same, its maintainer says in github.com/NXPNFCLinux/"
                    + "linux_libnfc-nci/issues/29: it reads the first and ignores the others)"))
        // What follows the message here is stale bytes of an earlier, longer message.
        cases.append(
            read(
                "T2T-L-010", "reads a message with no Terminator TLV and stale bytes after it",
                tag(medium, .init(elements: [.message], trailingFill: 0xA5)),
                rule: "NFC Forum T2T 1.1 §2.3.6 (Terminator TLV) and §6.4.2 (NDEF Read "
                    + "Procedure): the read ends with the NDEF Message "
                    + "TLV's length; no Terminator TLV need follow, and the bytes after it are no "
                    + "message"))
        return cases
    }

    // MARK: - Sizes and lengths

    static var boundaryCases: [ConformanceCase] {
        var cases: [ConformanceCase] = [
            read(
                "T2T-L-011", "reads a 255-byte message through the NDEF TLV's 3-byte length",
                tag(threeByteLength, .init(dataAreaSize: 496, elements: [.message, .terminator])),
                rule: "NFC Forum T2T 1.1 §2.3.4 (NDEF Message TLV): a message of 255 bytes takes "
                    + "the 3-byte length FF 00 FF (a reader bug fix, github.com/esphome/esphome/"
                    + "pull/18188: messages over 255 bytes were reported as corrupt)")
        ]
        // NTAG216 size: 888 bytes of user memory, its lock bytes at the default place (page
        // E2h), with a reserved area in the message.
        if let reserved = Type2MemoryControl(position: 384, size: 16) {
            cases.append(
                read(
                    "T2T-L-012",
                    "reads an 850-byte message whole from an NTAG216-sized tag with a reserved area",
                    tag(
                        Fixtures.message(ofLength: 850),
                        .init(
                            dataAreaSize: 888,
                            elements: [.memoryControl(reserved), .message, .terminator])),
                    rule: "NFC Forum T2T 1.1 §2.2 (Dynamic Memory Structure: reserved bytes and "
                        + "lock bytes are jumped over) and §2.3.4 (NDEF Message TLV: the 3-byte "
                        + "length)"))
        }
        if let lock = Type2LockControl.defaultControl(dataAreaSize: 496) {
            let capacity = Fixtures.type2Capacity(dataAreaSize: 496, lockControl: lock)
            cases.append(
                read(
                    "T2T-L-013", "reads a message filling an NTAG215's data area to its last byte",
                    tag(
                        Fixtures.message(ofLength: capacity),
                        .init(dataAreaSize: 496, elements: [.lockControl(lock), .message])),
                    rule: "NFC Forum T2T 1.1 §2.3.6 (Terminator TLV): with no byte left after the "
                        + "message there is "
                        + "no Terminator TLV; the message ends at the data area's last byte"))
        }
        cases += [
            read(
                "T2T-L-014", "reads a tag whose CC announces mapping version 1.1",
                tag(uri, .init(version: 0x11, elements: [.message, .terminator])),
                rule: "NFC Forum T2T 1.1 §6.1.1 (Version Treating): a later minor version of the "
                    + "reader's major version is read as the reader's own"),
            read(
                "T2T-L-015", "reads a tag whose CC announces an unusual data area size (248 bytes)",
                tag(medium, .init(dataAreaSize: 248, elements: [.message, .terminator])),
                rule: "NFC Forum T2T 1.1 §2.1.3 (Capability Container): the CC announces the data "
                    + "area size in multiples of 8, any of them (a reader bug report, "
                    + "github.com/grundid/nfctools/issues/32: sizes checked against a list of "
                    + "known tags)"),
        ]
        return cases
    }
}
