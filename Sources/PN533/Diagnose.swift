/// Diagnose (00): the chip's self tests; the response data depends on the test.
public enum PN533Diagnose {
    /// NumTst, the test to run.
    public enum Test: UInt8, Sendable, Hashable, CaseIterable {
        /// Communication line test: the chip echoes NumTst and the parameters.
        case communicationLine = 0x00
        /// ROM checksum test: answers 00 when good.
        case rom = 0x01
        /// RAM test: answers 00 when good.
        case ram = 0x02
        /// Polling test to a target.
        case pollingTarget = 0x04
        /// Echo-back test (the chip acts as a target that echoes).
        case echoBack = 0x05
        /// Attention request test or ISO/IEC 14443-4 card presence detection.
        case attentionRequest = 0x06
        /// Self antenna test.
        case selfAntenna = 0x07
    }

    /// The request: NumTst, then the test's parameters.
    public static func request(_ test: Test, parameters: [UInt8] = []) -> PN533Request {
        PN533Request(.diagnose, [test.rawValue] + parameters)
    }
}
