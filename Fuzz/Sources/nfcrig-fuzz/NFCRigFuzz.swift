import FuzzTargets

/// libFuzzer's set-up: picks the target NFCRIG_FUZZ_TARGET names, or stops saying which
/// names there are.
@c(LLVMFuzzerInitialize)
public func initialize(
    _ argc: UnsafeMutablePointer<Int32>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    FuzzEntry.initialize()
}

/// libFuzzer's entry point: one input through the chosen target's property checks.
@c(LLVMFuzzerTestOneInput)
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzEntry.run(data, size)
}
