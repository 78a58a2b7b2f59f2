extension Report {
    /// The cases grouped by suite, suites in order of first appearance, cases in run order.
    var casesBySuite: [(suite: String, cases: [CaseReport])] {
        var order: [String] = []
        var cases: [String: [CaseReport]] = [:]
        for item in self.cases {
            if cases[item.suite] == nil { order.append(item.suite) }
            cases[item.suite, default: []].append(item)
        }
        return order.map { ($0, cases[$0] ?? []) }
    }
}
