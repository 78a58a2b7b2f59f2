import Rig

/// The process-DUT line parser (Sources/Rig/DeviceUnderTest: `ProcessDUTAnswer`, through
/// `DUTAnswerLine`) on any UTF-8 line; other bytes never reach it (the child's output is
/// read as UTF-8 lines first) and are skipped.
///
/// Properties: each reading of a line (as the answer to request 1, then as each operation's
/// response) accepts it or refuses it with a typed error that says where: a
/// protocol violation quoting that very line, or the DUT's own error (a known reader error
/// name, or unsupported) when it said `"ok": false`; never a harness, timeout or exit error.
public enum DUTLineTarget: FuzzTarget {
    public static let name = "dut-line"

    public static func check(_ input: [UInt8]) throws(PropertyFailure) {
        guard let line = String(validating: input, as: UTF8.self) else { return }
        for case .failure(let error) in DUTAnswerLine.readings(line) {
            switch error {
            case .protocolViolation(let quoted, _):
                try PropertyFailure.require(
                    quoted == line, "a protocol violation quotes the line", "\(error)")
            case .reader(let name, _):
                try PropertyFailure.require(
                    !name.isEmpty, "a DUT error has a name", "\(error)")
            case .unsupported:
                break
            case .timeout, .exited, .harness:
                throw PropertyFailure("reading a line fails only for the line", "\(error)")
            }
        }
    }
}
