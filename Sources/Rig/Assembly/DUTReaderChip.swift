import PN533Sim

/// The PN533 a process DUT drives itself (`dut: {adapter: process, reader: ...}`): a simulated
/// chip in the rig's field on the virtual USB bus, or a dongle on a bench. nfcrig plugs the
/// simulated one in but never opens either: the child process finds it in its environment.
public struct DUTReaderChip: Sendable {
    /// The rig file's name for it.
    public static let id = "dut"

    /// Bus and device address as lsusb prints them (`001:004`).
    public var location: String
    /// The simulated chip behind a `virtual-usb` reader, for its event log and fault
    /// injection; nil for a dongle.
    public var simulated: PN533Firmware?
    /// What the child process needs to find the reader: `NFCRIG_READER_USB=BBB:DDD`,
    /// `LIBNFC_DEFAULT_DEVICE=pn53x_usb:BBB:DDD` (libnfc's programs take it unchanged), and
    /// for a virtual reader the bus (`UMOCKDEV_DIR`).
    public var environment: [String: String]

    /// A reader at `location` (`BBB:DDD`), plus whatever else the child needs (`extra`).
    public init(location: String, simulated: PN533Firmware?, extra: [String: String] = [:]) {
        self.location = location
        self.simulated = simulated
        environment = extra.merging(
            [
                Self.readerVariable: location,
                Self.libnfcVariable: "pn53x_usb:" + location,
                // Without these libnfc also scans the bus by itself and opens the default
                // device a second time, so that every tag is listed twice, and an intrusive
                // scan would probe the emulators' chips too.
                "LIBNFC_AUTO_SCAN": "false",
                "LIBNFC_INTRUSIVE_SCAN": "false",
            ]
        ) { _, new in new }
    }

    /// The variable naming the reader's bus and address.
    public static let readerVariable = "NFCRIG_READER_USB"
    /// libnfc's variable for the device its programs open first.
    public static let libnfcVariable = "LIBNFC_DEFAULT_DEVICE"
}
