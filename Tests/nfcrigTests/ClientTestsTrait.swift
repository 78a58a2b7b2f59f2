import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// Tests that run third-party PN533 clients (libnfc's tools, nfcpy in the venv) over
    /// virtual USB. `make test` installs them and sets NFCRIG_CLIENT_TESTS=1, so a missing
    /// client fails the test there instead of skipping it.
    static var needsThirdPartyClients: Self {
        .enabled(
            if: ProcessInfo.processInfo.environment["NFCRIG_CLIENT_TESTS"] == "1",
            "needs libnfc-bin, libnfc-examples, umockdev and nfcpy (make test sets it up)")
    }
}
