import Foundation

/// Files of the repository that tests read: found from NFCRIG_REPO_ROOT (which `make test`
/// sets) or, for a plain `swift test`, from this file's place in `Tests/NDEFTests/Support/`.
enum RepositoryPaths {
    static let root: URL =
        ProcessInfo.processInfo.environment["NFCRIG_REPO_ROOT"].map {
            URL(fileURLWithPath: $0, isDirectory: true)
        }
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Rigs/samples/`, the sample tag messages.
    static var samples: URL { root.appendingPathComponent("Rigs/samples", isDirectory: true) }

    /// `Scripts/ndeflib_oracle.py`.
    static var ndeflibOracle: URL { root.appendingPathComponent("Scripts/ndeflib_oracle.py") }
}
