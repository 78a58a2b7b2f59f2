/// What tasks write down as they run (events, log lines, sleeps), in the order they came,
/// read back by the test. Any task, on any thread, may record.
public final class Recorder<Element: Sendable>: Sendable {
    private let elements = Locked<[Element]>([])

    public init() {}

    /// Writes `element` down; a method reference to it is a `@Sendable` event callback
    /// (`onEvent: recorder.record`).
    @Sendable public func record(_ element: Element) {
        elements.withLock { $0.append(element) }
    }

    /// Everything recorded so far, oldest first.
    public var all: [Element] { elements.value }
}
