import Foundation
import PN533Sim

extension AssembledRig {
    /// Opens only part of a rig: the emulators at `emulators` (indices into
    /// `file.emulators`, in that order) and, when `reader` is true, the reference reader's
    /// chip. Two nfcrig processes can then share one USB rig: one emulating a tag on its
    /// chip, the other reading it with the reader's.
    ///
    /// The result's `file` lists only the chosen emulators; without the reader its DUT is an
    /// empty process spec, which no one starts.
    public static func assemble(
        _ file: RigFile, directory: URL, emulators: [Int], reader: Bool,
        usb: USBTiming = USBTiming()
    ) async throws(RigAssemblyError) -> AssembledRig {
        var part = file
        part.emulators = emulators.map { file.emulators[$0] }
        if !reader { part.dut = .process(ProcessDUTSpec(command: [])) }
        return try await assemble(part, directory: directory, usb: usb)
    }
}
