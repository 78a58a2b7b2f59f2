import Conformance
import Foundation
import PN533
import PN533Sim
import Testing

@testable import Rig

/// The same bench with the emulator's chip on virtual USB: its host reaches it through
/// nfcrig's libusb transport, as it reaches a dongle, and times it from those transfers.
/// Runs under umockdev-wrapper, in a process of its own (umockdev keeps one bus per
/// process): `make test` runs it so.
@Suite(
    .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["NFCRIG_VIRTUAL_USB"] == "1",
        "needs umockdev-wrapper's preload library (make test runs it so)")
)
struct VirtualUSBHostLatenessTests {
    /// The process's one bus, shared by the benches.
    static let chips = Result { () throws(RigAssemblyError) in
        try VirtualUSBChips(id: "tag-a", bus: nil)
    }

    @Test(arguments: WallHostLatenessTests.cases)
    func aSlowEmulatorHostOnUSBIsTheHarnessesErrorWithItsFigures(id: String, figures: String)
        async throws
    {
        try await WallHostLatenessTests.check(
            id, figures: figures, link: .virtualUSB(try Self.chips.get()))
    }
}
