import Foundation
import HexText
import TagEmulation
import TagFormat

/// An emulated tag's events as `emulate` prints them: time on the rig's clock in
/// milliseconds, then the event, with the command a reader sent named.
enum TagEventText {
    /// `     12.345 ms  <- 00a4040007d276000085010100  SELECT application d2760000850101`.
    static func line(_ event: TagEvent, type: TagTypeArgument) -> String {
        let (seconds, attoseconds) = event.at.components
        let milliseconds = Double(seconds) * 1e3 + Double(attoseconds) / 1e15
        var text = String(format: "%10.3f ms  ", milliseconds) + event.kind.description
        switch event.kind {
        case .activated(let first) where type == .type4 && first.first == 0xE0:
            text += "  RATS"
        case .activated(let bytes), .received(let bytes):
            if let name = type == .type4 ? type4Command(bytes) : type2Command(bytes) {
                text += "  " + name
            }
        default: break
        }
        return text
    }

    /// A Type 4 command APDU by name; nil for one the tag refuses to read.
    static func type4Command(_ bytes: [UInt8]) -> String? {
        guard let apdu = try? CommandAPDU(decoding: bytes), let command = try? Type4Command(apdu)
        else { return nil }
        switch command {
        case .selectApplication(let aid): return "SELECT application \(Hex.encode(aid))"
        case .selectFile(let id):
            return "SELECT file \(Hex.encode([UInt8(id >> 8), UInt8(id & 0xFF)]))"
        case .readBinary(let offset, let length):
            return "READ BINARY \(length) bytes at \(offset)"
        case .readBinaryODO(let offset, let length):
            return "READ BINARY (B1) \(length) bytes at \(offset)"
        case .updateBinary(let offset, let data):
            return "UPDATE BINARY \(data.count) bytes at \(offset)"
        case .updateBinaryODO(let offset, let data):
            return "UPDATE BINARY (D7) \(data.count) bytes at \(offset)"
        }
    }

    /// A Type 2 command by name (NFC Forum T2T and the NTAG commands readers send).
    static func type2Command(_ bytes: [UInt8]) -> String? {
        guard let code = bytes.first else { return nil }
        switch code {
        case 0x30 where bytes.count == 2: return "READ block \(bytes[1])"
        case 0xA2 where bytes.count == 6: return "WRITE block \(bytes[1])"
        case 0xC2 where bytes.count == 2: return "SECTOR SELECT"
        case 0x60 where bytes.count == 1: return "GET_VERSION"
        case 0x3A where bytes.count == 3: return "FAST_READ blocks \(bytes[1])-\(bytes[2])"
        default: return nil
        }
    }
}
