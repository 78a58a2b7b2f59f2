import PN533

/// Why a reader could not be found, opened or kept: each message says what happened, to
/// which device, and how to fix it.
public enum PN533USBError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The device node does not let this user open it; the fix is a udev rule.
    case permissionDenied(PN533USBDeviceInfo)
    /// Another program (pcscd, a libnfc or nfcpy tool, another nfcrig) has claimed the interface.
    case busy(PN533USBDeviceInfo)
    /// A kernel driver (`pn533_usb`) holds the interface and would not let go.
    case kernelDriverNotDetached(PN533USBDeviceInfo, USBError)
    /// The reader went away: unplugged, reset or powered off, possibly mid-command.
    case disconnected(PN533USBDeviceInfo)
    /// No reader matches the selector; `available` is every reader that was found.
    case notFound(PN533USBSelector, available: [PN533USBDeviceInfo])
    /// The reader's configuration has no usable bulk endpoint pair.
    case unusableEndpoints(PN533USBDeviceInfo, PN533USBEndpointError)
    /// Any other libusb failure: the call, its error, and the device when there is one.
    case libusb(call: String, error: USBError, device: PN533USBDeviceInfo?)

    /// Classifies a failed libusb call on `device` (or before any device, when `nil`).
    init(_ failure: USBCallFailure, device: PN533USBDeviceInfo?) {
        guard let device else {
            self = .libusb(call: failure.call, error: failure.error, device: nil)
            return
        }
        switch (failure.call, failure.error) {
        case (_, .noDevice): self = .disconnected(device)
        case ("libusb_detach_kernel_driver", let error):
            self = .kernelDriverNotDetached(device, error)
        case (_, .access): self = .permissionDenied(device)
        case (_, .busy): self = .busy(device)
        default: self = .libusb(call: failure.call, error: failure.error, device: device)
        }
    }

    /// The USB explanation of a driver error on `device`, when there is one: a transport
    /// that reports the device gone becomes `.disconnected`.
    public init?(_ error: PN533Error, device: PN533USBDeviceInfo) {
        guard case .transport(.disconnected) = error else { return nil }
        self = .disconnected(device)
    }

    /// What happened, then `fix:` and what to do about it.
    public var description: String { problem + "\nfix: " + fix }

    /// What happened, in one sentence.
    public var problem: String {
        switch self {
        case .permissionDenied(let device):
            "permission denied opening \(device.summary) (\(device.devicePath))"
        case .busy(let device):
            "\(device.summary) is busy: another program has claimed its USB interface"
        case .kernelDriverNotDetached(let device, let error):
            "the kernel driver pn533_usb holds \(device.summary) and could not be detached: "
                + "\(error)"
        case .disconnected(let device):
            "\(device.summary) disconnected (unplugged, reset or powered off)"
        case .notFound(let selector, let available):
            available.isEmpty
                ? "no PN533 reader found on USB (looked for "
                    + PN533USBModel.known.map(\.ids).joined(separator: ", ") + ")"
                : "no PN533 reader matches '\(selector)'; found: "
                    + available.map { "\($0.index): \($0.summary)" }.joined(separator: "; ")
        case .unusableEndpoints(let device, let error):
            "\(device.summary) cannot be used: \(error)"
        case .libusb(let call, let error, let device):
            "\(call) failed" + (device.map { " for \($0.summary)" } ?? "") + ": \(error)"
        }
    }

    /// What to do about it: commands to run where there are any.
    public var fix: String {
        switch self {
        case .permissionDenied:
            "install udev rules that give the plugdev group (and the user at the seat) "
                + "access, then unplug and replug the reader:\n"
                + PN533USBUdevRules.installCommands
                + "\nIf you are not in plugdev: sudo usermod -aG plugdev \"$USER\", then log in "
                + "again."
        case .busy(let device):
            "stop the program that holds it. Usually that is pcscd (with a driver that "
                + "claims the reader, such as ifdnfc), or a libnfc, nfcpy or other nfcrig "
                + "process:\n"
                + "  sudo systemctl stop pcscd.socket pcscd.service\n"
                + "  sudo fuser -v \(device.devicePath)    # lists any process that still has it"
        case .kernelDriverNotDetached:
            "unload the kernel's NFC drivers and keep them from coming back (Debian's libnfc6 "
                + "ships the same blacklist as /etc/modprobe.d/blacklist-libnfc.conf):\n"
                + "  sudo modprobe -r pn533_usb pn533 nfc\n"
                + "  printf 'blacklist nfc\\nblacklist pn533\\nblacklist pn533_usb\\n' | "
                + "sudo tee /etc/modprobe.d/nfcrig-pn533.conf"
        case .disconnected:
            "plug the reader back in and run `nfcrig devices`; its bus:address changes on "
                + "every replug, so select it by serial number (serial=...) or index instead"
        case .notFound(_, let available):
            available.isEmpty
                ? "plug a reader in (`lsusb` should list one of those IDs), then run "
                    + "`nfcrig devices`"
                : "pick one of the readers above by index (0), bus:address (3:7) or "
                    + "serial=..., as `nfcrig devices` lists them"
        case .unusableEndpoints:
            "this does not look like a PN533 interface; check `lsusb -v -d "
                + "\(deviceIDs ?? "VID:PID")` and report the descriptor"
        case .libusb(_, let error, _) where error == .timeout:
            "the reader did not answer; unplug and replug it"
        case .libusb:
            "run with LIBUSB_DEBUG=4 to see what libusb did, and unplug and replug the reader"
        }
    }

    private var deviceIDs: String? {
        switch self {
        case .permissionDenied(let device), .busy(let device),
            .kernelDriverNotDetached(let device, _),
            .disconnected(let device), .unusableEndpoints(let device, _):
            device.model.ids
        case .libusb(_, _, let device): device?.model.ids
        case .notFound: nil
        }
    }
}
