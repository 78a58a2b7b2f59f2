import TagFormat

/// One line of a table-driven application: the commands it matches and what they get.
public struct APDURule: Sendable, Hashable {
    /// The commands the rule answers.
    public var pattern: APDUPattern
    /// What it answers them with.
    public var reply: APDUReply

    /// A rule answering `pattern` with `reply`.
    public init(_ pattern: APDUPattern, _ reply: APDUReply) {
        self.pattern = pattern
        self.reply = reply
    }
}

/// Which commands a rule matches: the instruction, and the class, parameters and data when
/// given (nil matches any).
public struct APDUPattern: Sendable, Hashable {
    /// CLA, or any.
    public var cla: UInt8?
    /// INS.
    public var ins: UInt8
    /// P1, or any.
    public var p1: UInt8?
    /// P2, or any.
    public var p2: UInt8?
    /// The whole data field, or any.
    public var data: [UInt8]?

    /// A pattern; what is left out matches anything.
    public init(
        cla: UInt8? = nil, ins: UInt8, p1: UInt8? = nil, p2: UInt8? = nil, data: [UInt8]? = nil
    ) {
        self.cla = cla
        self.ins = ins
        self.p1 = p1
        self.p2 = p2
        self.data = data
    }

    /// Whether `command` is one of the pattern's.
    public func matches(_ command: CommandAPDU) -> Bool {
        command.ins == ins && (cla ?? command.cla) == command.cla
            && (p1 ?? command.p1) == command.p1 && (p2 ?? command.p2) == command.p2
            && (data ?? command.data) == command.data
    }
}

/// A rule's answer: response data and status word, after `delay` (a slow command: a card
/// whose answer takes longer than half its frame waiting time asks the reader for S(WTX)).
public struct APDUReply: Sendable, Hashable {
    /// The response data.
    public var data: [UInt8]
    /// SW1 SW2.
    public var statusWord: StatusWord
    /// How long the card works on the command before it answers.
    public var delay: Duration

    /// A reply; 9000 and no delay by default.
    public init(data: [UInt8] = [], statusWord: StatusWord = .ok, delay: Duration = .zero) {
        self.data = data
        self.statusWord = statusWord
        self.delay = delay
    }
}
