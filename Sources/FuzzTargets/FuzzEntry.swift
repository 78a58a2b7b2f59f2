import Foundation

/// What the libFuzzer executable (`Fuzz/`) does: one binary for every target, the target
/// chosen by NFCRIG_FUZZ_TARGET at start, so that one instrumented build serves all of them
/// and `cov:` counts the edges that target reached. A broken property crashes, so that
/// libFuzzer keeps the input (`crash-<sha1>`) and stops.
public enum FuzzEntry {
    /// The environment variable naming the target.
    public static let variable = "NFCRIG_FUZZ_TARGET"

    /// The target the environment names; nil when it names none.
    public static let selected: (any FuzzTarget.Type)? = ProcessInfo.processInfo
        .environment[variable].flatMap(FuzzTargets.named)

    /// libFuzzer's `LLVMFuzzerInitialize`: stops with the list of names when the environment
    /// names no target.
    public static func initialize() -> Int32 {
        guard selected != nil else {
            let names = FuzzTargets.all.map { $0.name }.joined(separator: ", ")
            fatalError("set \(variable) to one of: \(names)")
        }
        return 0
    }

    /// libFuzzer's `LLVMFuzzerTestOneInput` for the selected target: 0, or a crash.
    public static func run(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        guard let target = selected else { return 0 }
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        do {
            try target.check(input)
        } catch {
            fatalError("\(target.name): \(error)")
        }
        return 0
    }
}
