/// When a test tag leaves the field: after a number of commands, silent from then on,
/// optionally carrying out the first command it no longer answers (a card torn away while
/// it answers).
struct Departure {
    /// What the tag does with a command.
    enum Fate {
        case answer
        case carryOutSilently
        case ignore
    }

    private var remaining: Int?
    private var carriesOutTheLast = false
    private(set) var gone = false

    /// Leave after `count` more answered commands.
    mutating func schedule(after count: Int, carryingOutTheLast: Bool) {
        remaining = count
        carriesOutTheLast = carryingOutTheLast
    }

    /// The fate of the next whole command.
    mutating func next() -> Fate {
        if gone { return .ignore }
        guard let left = remaining else { return .answer }
        guard left > 0 else {
            gone = true
            return carriesOutTheLast ? .carryOutSilently : .ignore
        }
        remaining = left - 1
        return .answer
    }
}
