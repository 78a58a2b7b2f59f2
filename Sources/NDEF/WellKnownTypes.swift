/// Shared arrays for the record types tags carry most, so decoding a `U` or `T` record does
/// not allocate a one-byte array for its type.
enum WellKnownTypes {
    static let uri: [UInt8] = [0x55]
    static let text: [UInt8] = [0x54]
    static let smartPoster: [UInt8] = [0x53, 0x70]
    static let action: [UInt8] = Array("act".utf8)
    static let size: [UInt8] = [0x73]
    static let type: [UInt8] = [0x74]

    /// The shared array equal to `bytes`, or a fresh copy when the type is not a common one.
    @inline(__always)
    static func array(for bytes: UnsafeRawBufferPointer) -> [UInt8] {
        switch bytes.count {
        case 0: return []
        case 1:
            switch bytes[0] {
            case 0x55: return uri
            case 0x54: return text
            case 0x73: return size
            case 0x74: return type
            default: break
            }
        case 2 where bytes[0] == 0x53 && bytes[1] == 0x70: return smartPoster
        case 3 where bytes.elementsEqual(action): return action
        default: break
        }
        return Array(bytes)
    }
}
