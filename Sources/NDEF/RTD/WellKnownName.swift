/// The well-known RTD names this module decodes, matched on the TYPE bytes: well-known
/// types compare case-sensitively, and matching bytes keeps the typed path free of strings.
enum WellKnownName {
    case uri
    case text
    case smartPoster
    case action
    case size
    case resourceType
    case other

    /// Classifies the TYPE of a well-known (TNF 1) record.
    @inline(__always)
    init(_ type: UnsafeRawBufferPointer) {
        switch type.count {
        case 1:
            switch type[0] {
            case 0x55: self = .uri  // "U"
            case 0x54: self = .text  // "T"
            case 0x73: self = .size  // "s"
            case 0x74: self = .resourceType  // "t"
            default: self = .other
            }
        case 2:
            self = type[0] == 0x53 && type[1] == 0x70 ? .smartPoster : .other  // "Sp"
        case 3:
            let isAction = type[0] == 0x61 && type[1] == 0x63 && type[2] == 0x74  // "act"
            self = isAction ? .action : .other
        default:
            self = .other
        }
    }
}
