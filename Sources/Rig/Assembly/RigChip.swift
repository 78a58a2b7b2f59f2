import PN533
import PN533Sim
import PN533USB

/// One PN533 of an assembled rig, driven through the same `PN533Device` whether it is a
/// simulated chip or a USB dongle.
public struct RigChip: Sendable {
    /// The rig file's id for it (`tag-a`, or `dut` for the reference reader's chip).
    public var id: String
    /// The driver.
    public var device: PN533Device
    /// The simulated chip behind it, for event logs and fault injection; nil on USB.
    public var simulated: PN533Firmware?
    /// The USB transport behind it, to close at the end; nil when simulated.
    public var usb: PN533USBTransport?
    /// The USB trace of the chip's transfers (nil for a chip put together by hand).
    public var usbTrace: USBTraceRecorder?
    /// The timing of the host's answers, for an emulator on a USB dongle: no simulated field
    /// sees when its answers go on the air, so it times them from its own transfers.
    public var hostAnswers: HostAnswerMonitor?

    /// A chip of a rig put together by hand (a benchmark, a tool).
    public init(
        id: String, device: PN533Device, simulated: PN533Firmware?, usb: PN533USBTransport? = nil,
        usbTrace: USBTraceRecorder? = nil, hostAnswers: HostAnswerMonitor? = nil
    ) {
        self.usbTrace = usbTrace
        self.hostAnswers = hostAnswers
        self.id = id
        self.device = device
        self.simulated = simulated
        self.usb = usb
    }
}
