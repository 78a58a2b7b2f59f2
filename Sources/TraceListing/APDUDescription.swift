import HexText
import TagFormat

/// Names command APDUs and their answers the way ISO/IEC 7816-4 and the NFC Forum Type 4
/// Tag specification do, reading them with `TagFormat`'s decoders.
enum APDUDescription {
    /// `SELECT by name D2760000850101 (NDEF application)`, `READ BINARY offset 0 length 15`,
    /// or `? APDU: ...` when the bytes are no command APDU.
    static func command(_ bytes: [UInt8]) -> (String, CommandAPDU?) {
        let apdu: CommandAPDU
        do {
            apdu = try CommandAPDU(decoding: bytes)
        } catch {
            return ("? APDU: \(error)", nil)
        }
        if let command = try? Type4Command(apdu) {
            return (type4(command, apdu), apdu)
        }
        return (other(apdu), apdu)
    }

    /// `answer to READ BINARY: 15 bytes, 9000 (ok)`.
    static func response(_ bytes: [UInt8], to command: CommandAPDU?) -> String {
        guard let response = try? ResponseAPDU(decoding: bytes) else {
            return "? response APDU of \(bytes.count) byte\(bytes.count == 1 ? "" : "s")"
        }
        let subject = command.map { "answer to \(name(ofInstruction: $0.ins))" } ?? "answer"
        let data = response.data.isEmpty ? "" : "\(response.data.count) bytes, "
        return "\(subject): \(data)\(response.statusWord)"
    }

    private static func type4(_ command: Type4Command, _ apdu: CommandAPDU) -> String {
        switch command {
        case .selectApplication(let aid):
            let known =
                aid == Type4Tag.ndefApplicationAID || aid == Type4Tag.ndefApplicationAIDVersion1
                ? " (NDEF application)" : ""
            return "SELECT by name \(Hex.encode(aid, uppercase: true))\(known)"
        case .selectFile(let fileID):
            let known = fileID == Type4Tag.capabilityContainerFileID ? " (CC)" : ""
            return "SELECT by file id \(Hex.digits(fileID, uppercase: true))\(known)"
        case .readBinary(let offset, let length):
            return "READ BINARY offset \(offset) length \(length)"
        case .readBinaryODO(let offset, let length):
            return "READ BINARY (ODO) offset \(offset) length \(length)"
        case .updateBinary(let offset, let data):
            return "UPDATE BINARY offset \(offset) length \(data.count)"
        case .updateBinaryODO(let offset, let data):
            return "UPDATE BINARY (ODO) offset \(offset) length \(data.count)"
        }
    }

    /// Commands outside the Type 4 set, by instruction: the header and lengths.
    private static func other(_ apdu: CommandAPDU) -> String {
        let header =
            "\(name(ofInstruction: apdu.ins)) CLA \(Hex.digits(apdu.cla, uppercase: true))"
            + " P1P2 \(Hex.digits(apdu.p1p2, uppercase: true))"
        let data = apdu.data.isEmpty ? "" : " Lc \(apdu.data.count)"
        let le = apdu.le.map { " Le \($0)" } ?? ""
        return header + data + le
    }

    /// ISO/IEC 7816-4's name of an instruction, or `INS XX`.
    static func name(ofInstruction ins: UInt8) -> String {
        switch ins {
        case 0xA4: "SELECT"
        case 0xB0, 0xB1: "READ BINARY"
        case 0xD6, 0xD7: "UPDATE BINARY"
        case 0xD0, 0xD1: "WRITE BINARY"
        case 0xB2, 0xB3: "READ RECORD"
        case 0xDC, 0xDD: "UPDATE RECORD"
        case 0xE2: "APPEND RECORD"
        case 0xC0: "GET RESPONSE"
        case 0xCA, 0xCB: "GET DATA"
        case 0x84: "GET CHALLENGE"
        case 0x88: "INTERNAL AUTHENTICATE"
        case 0x82: "EXTERNAL AUTHENTICATE"
        case 0x20: "VERIFY"
        case 0x70: "MANAGE CHANNEL"
        default: "INS \(Hex.digits(ins, uppercase: true))"
        }
    }
}
