/// How long the USB link between host and chip takes, per command (DESIGN: default 1 ms).
public struct USBTiming: Sendable, Hashable {
    /// From a command frame's arrival to the earliest moment its response can be read.
    public var commandLatency: Duration
    /// From a command frame's arrival to its ACK.
    public var ackLatency: Duration

    /// Creates a timing model.
    public init(
        commandLatency: Duration = .milliseconds(1), ackLatency: Duration = .microseconds(250)
    ) {
        self.commandLatency = commandLatency
        self.ackLatency = ackLatency
    }

    /// No modelled latency: for measuring the stack's own overhead.
    public static let zero = USBTiming(commandLatency: .zero, ackLatency: .zero)
}
