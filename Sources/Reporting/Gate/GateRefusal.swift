/// Why the gate will not compare two runs (exit 2): their verdicts do not judge the same
/// thing. Each names both values and the option that compares them anyway.
public enum GateRefusal: Error, Hashable, CustomStringConvertible {
    /// The runs were judged under different profiles.
    case differentProfiles(baseline: String, candidate: String)
    /// The runs' case catalogues differ (cases added, removed, or their titles or rules
    /// changed).
    case differentCatalogues(baseline: String, candidate: String)

    public var description: String {
        switch self {
        case .differentProfiles(let baseline, let candidate):
            "the baseline was judged under profile \(baseline) and the candidate under "
                + "\(candidate): a case expects different things of a reader under each, so "
                + "their verdicts do not compare; --allow-different-profile compares them anyway"
        case .differentCatalogues(let baseline, let candidate):
            "the baseline's case catalogue is \(baseline) and the candidate's \(candidate): "
                + "cases were added or removed or their titles or rules changed, so a case ID "
                + "may not name the same check in both; --allow-different-catalogue compares "
                + "them anyway"
        }
    }
}
