import PacketTrace

/// Traces of a realistic session, for the tests of trace files and their listing: a
/// PN533 reader (04cc:2533 on USB) activates a Type 4 tag and starts its NDEF detection.
public enum SampleTraces {
    /// The RF interface of `section`.
    public static let field = TraceInterface(
        name: "rf", description: "simulated field", link: .rf)
    /// The USB interface of `section`: the reader's chip at bus 1, device 2.
    public static let readerChip = TraceInterface(
        name: "usb-reader", description: "NXP PN533 04cc:2533, the reader",
        link: .usb(.simulatedChip(0)))

    /// `section`'s comments.
    public static let comments = ["case t4t.read-ndef", "repetition 1"]

    /// Both interfaces' records in one section.
    public static var section: TraceSection {
        TraceSection(
            comments: comments,
            interfaces: [
                InterfaceTrace(interface: field, records: type4Activation),
                InterfaceTrace(interface: readerChip, records: pn533Exchange),
            ])
    }

    /// The RF frames, 100 µs apart from 1 ms on: activation (REQA to ATS), SELECT of the
    /// NDEF application, SELECT of the CC file answered after an S(WTX), READ BINARY of
    /// the CC answered in two chained I-blocks, DESELECT, the field off and on again, and
    /// a WUPA. Every frame that carries CRC_A on the air carries it here.
    public static var type4Activation: [TraceRecord] {
        let uid = bytes("08 11 22 33")
        let bcc = uid.reduce(0, ^)
        let frames: [(TraceRecordKind, [UInt8])] = [
            (.fieldOn, []),
            (.pcdToPICC, bytes("26")),
            (.piccToPCD, bytes("04 00")),
            (.pcdToPICC, bytes("93 20")),
            (.piccToPCD, uid + [bcc]),
            (.pcdToPICC, CRCA.appending(to: bytes("93 70") + uid + [bcc])),
            (.piccToPCD, CRCA.appending(to: bytes("20"))),
            (.pcdToPICC, CRCA.appending(to: bytes("E0 80"))),
            (.piccToPCD, CRCA.appending(to: bytes("05 78 80 70 02"))),
            (.pcdToPICC, CRCA.appending(to: bytes("02 00 A4 04 00 07 D2 76 00 00 85 01 01 00"))),
            (.piccToPCD, CRCA.appending(to: bytes("02 90 00"))),
            (.pcdToPICC, CRCA.appending(to: bytes("03 00 A4 00 0C 02 E1 03"))),
            (.piccToPCD, CRCA.appending(to: bytes("F2 01"))),
            (.pcdToPICC, CRCA.appending(to: bytes("F2 01"))),
            (.piccToPCD, CRCA.appending(to: bytes("03 90 00"))),
            (.pcdToPICC, CRCA.appending(to: bytes("02 00 B0 00 00 0F"))),
            (.piccToPCD, CRCA.appending(to: bytes("12 00 0F 20 00 FF 00 FF 04"))),
            (.pcdToPICC, CRCA.appending(to: bytes("A3"))),
            (.piccToPCD, CRCA.appending(to: bytes("03 06 E1 04 00 7F 00 00 90 00"))),
            (.pcdToPICC, deselect),
            (.piccToPCD, deselect),
            (.fieldOff, []),
            (.fieldOn, []),
            (.pcdToPICC, bytes("52")),
            (.piccToPCD, bytes("04 00")),
        ]
        return frames.enumerated().map { index, frame in
            TraceRecord(
                timestamp: 1_000_000 + Int64(index) * 100_000, kind: frame.0, bytes: frame.1)
        }
    }

    /// S(DESELECT) with its CRC, which tshark 4.0 wrongly reports as malformed.
    public static let deselect = CRCA.appending(to: [0xC2])

    /// The reader's host and chip: InListPassiveTarget (106 kbps type A) before the REQA,
    /// answered with the tag's SENS_RES, SEL_RES, UID and ATS; InDataExchange carrying the
    /// READ BINARY around its RF exchange. Each command is ACKed first.
    public static var pn533Exchange: [TraceRecord] {
        let transfers: [(Int64, TraceRecordKind, String)] = [
            (950_000, .hostToChip, "00 00 FF 04 FC D4 4A 01 00 E1 00"),
            (960_000, .chipToHost, "00 00 FF 00 FF 00"),
            (
                1_850_000, .chipToHost,
                "00 00 FF 11 EF D5 4B 01 01 00 04 20 04 08 11 22 33 05 78 80 70 02 D9 00"
            ),
            (2_450_000, .hostToChip, "00 00 FF 08 F8 D4 40 01 00 B0 00 00 0F 2C 00"),
            (2_460_000, .chipToHost, "00 00 FF 00 FF 00"),
            (
                2_850_000, .chipToHost,
                "00 00 FF 14 EC D5 41 00 00 0F 20 00 FF 00 FF 04 06 E1 04 00 7F 00 00 90 00 BF 00"
            ),
        ]
        return transfers.map { TraceRecord(timestamp: $0.0, kind: $0.1, bytes: bytes($0.2)) }
    }
}
