/// Which of an `ISODEPCard`'s events its `onEvent` wants: an event nobody wants is never
/// made (its timestamp alone is a call into the scheduler, four times per APDU).
public struct ISODEPCardEventKinds: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// RATS, ATS, I- and R-blocks, both ways.
    public static let frames = Self(rawValue: 1 << 0)
    /// S-blocks both ways: WTX requests and answers, DESELECT.
    public static let supervisoryFrames = Self(rawValue: 1 << 1)
    /// The APDU handler's start (with the command) and end (with the response).
    public static let handler = Self(rawValue: 1 << 2)
    /// Reader frames the card stayed silent on.
    public static let ignored = Self(rawValue: 1 << 3)
    /// How the session ended.
    public static let ended = Self(rawValue: 1 << 4)
    /// Rules the card broke on purpose (`ISODEPCardMisbehaviour`) where nothing else shows
    /// it: a wrong CRC, leaving the field.
    public static let misbehaviour = Self(rawValue: 1 << 5)
    /// Every event.
    public static let all: Self = [
        .frames, .supervisoryFrames, .handler, .ignored, .ended, .misbehaviour,
    ]

    /// The kind a frame event belongs to.
    static func of(_ frame: ISODEPFrame) -> Self {
        if case .block(.supervisory) = frame { return .supervisoryFrames }
        return .frames
    }
}
