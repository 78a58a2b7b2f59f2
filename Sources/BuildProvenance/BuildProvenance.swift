/// Which nfcrig this is: its version, and the git commit it was built from, compiled in by
/// the BuildInfo plugin (Plugins/BuildInfo) rather than asked of the working directory,
/// which may be any project's.
public enum BuildProvenance {
    /// nfcrig's version.
    public static let version = "0.1.0"

    /// The full git commit nfcrig was built from; nil when it was not built from a git
    /// checkout of its own.
    public static var commit: String? { stampedCommit }

    /// Whether that checkout had uncommitted changes (tracked or untracked files); nil when
    /// the commit is unknown.
    public static var treeDirty: Bool? { stampedTreeDirty }

    /// `nfcrig 0.1.0, commit 528c880…` with `, with uncommitted changes` when the tree was
    /// dirty, or `, commit unknown`: what `nfcrig --version` prints.
    public static var description: String {
        "nfcrig \(version), "
            + (commit.map {
                "commit \($0)" + (treeDirty == true ? ", with uncommitted changes" : "")
            }
                ?? "commit unknown (not built from a git checkout of nfcrig)")
    }
}
