/// Times a body repeatedly and keeps the best round: on a shared machine the fastest round is
/// the one least disturbed by other work.
public struct BenchClock: Sendable {
    /// Each round runs the body until at least this long has passed.
    public var minimumRoundDuration: Duration
    /// How many rounds to run; the best is reported.
    public var rounds: Int

    /// The rounds `make bench` runs. On a shared machine (this one: two cores of a virtual
    /// machine) spells of 0.2 to 2 s run the whole process ~50 % slower, with the same
    /// threads, system calls and context switches; five rounds of 200 ms (1 s) fell inside
    /// one such spell in one run out of three to eight, fifteen (3 s) seldom do.
    public static let defaultRounds = 15

    /// Creates a clock.
    public init(
        minimumRoundDuration: Duration = .milliseconds(200), rounds: Int = defaultRounds
    ) {
        self.minimumRoundDuration = minimumRoundDuration
        self.rounds = rounds
    }

    /// Seconds per call of `body`, best round. `body` returns a value folded into `sink` so the
    /// optimiser cannot drop the work.
    public func secondsPerCall(_ sink: inout Int, _ body: () -> Int) -> Double {
        let clock = ContinuousClock()
        // Reading the clock costs tens of nanoseconds, as much as a short body: calls run in
        // batches sized so that one batch takes about a millisecond.
        var batch = 1
        while true {
            let start = clock.now
            for _ in 0..<batch { sink &+= body() }
            if clock.now - start >= .milliseconds(1) || batch >= 1 << 30 { break }
            batch *= 2
        }
        var best = Double.infinity
        for _ in 0..<rounds {
            var calls = 0
            let start = clock.now
            var elapsed = Duration.zero
            repeat {
                for _ in 0..<batch { sink &+= body() }
                calls += batch
                elapsed = clock.now - start
            } while elapsed < minimumRoundDuration
            best = min(best, elapsed.seconds / Double(calls))
        }
        return best
    }

    /// Seconds per call of an asynchronous `body`, best round, and how many calls ran in all
    /// (calibration included), so a caller can check the work against what it counted.
    /// `body` runs where the caller runs: timing it adds no executor switch.
    public nonisolated(nonsending) func secondsPerCall(
        _ body: nonisolated(nonsending) () async throws -> Void
    ) async throws -> (seconds: Double, calls: Int) {
        let clock = ContinuousClock()
        var total = 0
        var batch = 1
        while true {
            let start = clock.now
            for _ in 0..<batch { try await body() }
            total += batch
            if clock.now - start >= .milliseconds(1) || batch >= 1 << 30 { break }
            batch *= 2
        }
        var best = Double.infinity
        for _ in 0..<rounds {
            var calls = 0
            let start = clock.now
            var elapsed = Duration.zero
            repeat {
                for _ in 0..<batch { try await body() }
                calls += batch
                elapsed = clock.now - start
            } while elapsed < minimumRoundDuration
            total += calls
            best = min(best, elapsed.seconds / Double(calls))
        }
        return (best, total)
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
