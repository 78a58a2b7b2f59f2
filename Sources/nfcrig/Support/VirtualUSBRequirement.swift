import ArgumentParser
import Rig
import VirtualUSB

/// What a rig with `virtual-usb` chips needs from the process: umockdev's preload library,
/// so that libusb sees the virtual bus the chips are plugged into.
enum VirtualUSBRequirement {
    /// Returns at once when `file` names no `virtual-usb` chip or nfcrig already runs under
    /// `umockdev-wrapper`; otherwise re-executes nfcrig, same arguments, under it, so that
    /// `nfcrig run --rig Rigs/sim-usb.yaml` works from a plain shell. When that fails it says
    /// why and exits 1.
    static func ensure(for file: RigFile) throws {
        guard file.namesVirtualUSB else { return }
        do {
            try UMockdevWrapper.ensureActive()
        } catch {
            FileHandleOutput.standardError("error: \(error)")
            throw ExitCode(1)
        }
    }
}
