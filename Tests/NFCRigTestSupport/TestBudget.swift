import Foundation

/// How much of a costly test runs. Under ThreadSanitizer (`make tsan` sets
/// NFCRIG_SANITIZER=thread) code runs some ten times slower, and what the run looks for is
/// races between threads: a seeded property test on one thread learns nothing there from its
/// thousandth case that its first did not show, so it runs a tenth of them. `make test`
/// runs every case.
public enum TestBudget {
    /// Whether the tests run under ThreadSanitizer.
    public static let underThreadSanitizer =
        ProcessInfo.processInfo.environment["NFCRIG_SANITIZER"] == "thread"

    /// `full` cases, or a tenth of them under ThreadSanitizer.
    public static func cases(_ full: Int) -> Int { underThreadSanitizer ? full / 10 : full }
}
