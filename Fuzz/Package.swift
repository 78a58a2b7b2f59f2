// swift-tools-version: 6.2
import PackageDescription

/// The libFuzzer executable of issue 23: one binary for every parser of outside input, the
/// target chosen by NFCRIG_FUZZ_TARGET (`make fuzz` runs each). Built only by `make fuzz`
/// (release, `--sanitize=fuzzer --sanitize=address`, which instruments nfcrig's own modules
/// too): without the fuzzer runtime it has no `main`. The property checks live in nfcrig's
/// `FuzzTargets` library, so that `make test` replays the committed corpus through them.
let package = Package(
    name: "nfcrig-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "nfcrig", path: "..")],
    targets: [
        .executableTarget(
            name: "nfcrig-fuzz",
            dependencies: [.product(name: "FuzzTargets", package: "nfcrig")])
    ]
)
