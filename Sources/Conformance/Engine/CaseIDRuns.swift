/// Case IDs written short: consecutive numbers of one prefix as a run, `NDEF-R-001…021`,
/// the inverse of `LazyReaderPasses.expand`.
enum CaseIDRuns {
    /// `ids`, in their order, with each run of consecutive numbers of one prefix (three or
    /// more IDs) written `FIRST…LAST-NUMBER`.
    static func compress(_ ids: [String]) -> [String] {
        var out: [String] = []
        var run: [String] = []
        func flush() {
            if run.count >= 3, let first = run.first, let last = run.last,
                let dash = last.lastIndex(of: "-")
            {
                out.append(first + "…" + last[last.index(after: dash)...])
            } else {
                out += run
            }
            run = []
        }
        for id in ids {
            if let previous = run.last, follows(previous, id) {
                run.append(id)
            } else {
                flush()
                run = [id]
            }
        }
        flush()
        return out
    }

    /// Whether `id` is `previous` with the next number.
    private static func follows(_ previous: String, _ id: String) -> Bool {
        guard let a = previous.lastIndex(of: "-"), let b = id.lastIndex(of: "-"),
            previous[...a] == id[...b],
            let first = Int(previous[previous.index(after: a)...]),
            let next = Int(id[id.index(after: b)...])
        else { return false }
        return next == first + 1
    }
}
