/// A rig: the chips that emulate tags, the reader under test, the clock, how often to
/// repeat, and the suites to run (DESIGN §1, issue 5). Built from YAML by `RigFileParser`.
public struct RigFile: Sendable, Hashable {
    /// The rig's name, for reports.
    public var name: String
    /// What the rig is, for people.
    public var description: String?
    /// Virtual (simulated time) or wall clock.
    public var clock: ClockMode
    /// One chip per emulated tag.
    public var emulators: [Emulator]
    /// The reader under test and how nfcrig reaches it.
    public var dut: DeviceUnderTestSpec
    /// Timing tolerances for the verdicts.
    public var tolerances: Tolerances
    /// How many times each case runs.
    public var repeatCount: Int
    /// The suites to run, in order, with where each was named.
    public var suites: [Located<String>]
    /// Whose rules the reader is judged by: the default for every suite the rig names
    /// without a profile of its own.
    public var profile: ReaderProfile
    /// The suites named with a profile of their own (`- {suite: restart-polling, profile:
    /// corenfc}`): a rig can judge each suite under the profile whose sources have its rules.
    public var suiteProfiles: [String: ReaderProfile]

    /// Creates a rig description.
    public init(
        name: String, description: String? = nil, clock: ClockMode = .virtual,
        emulators: [Emulator], dut: DeviceUnderTestSpec, tolerances: Tolerances = Tolerances(),
        repeatCount: Int = 1, suites: [Located<String>] = [], profile: ReaderProfile = .nfcForum,
        suiteProfiles: [String: ReaderProfile] = [:]
    ) {
        self.profile = profile
        self.suiteProfiles = suiteProfiles
        self.name = name
        self.description = description
        self.clock = clock
        self.emulators = emulators
        self.dut = dut
        self.tolerances = tolerances
        self.repeatCount = repeatCount
        self.suites = suites
    }

    /// The profile `suite` is judged under: its own where the rig names one, else the rig's.
    public func profile(forSuite suite: String) -> ReaderProfile {
        suiteProfiles[suite] ?? profile
    }

    /// Whether any chip, an emulator's or the DUT's reader, is `virtual-usb`.
    public var namesVirtualUSB: Bool {
        emulators.contains { $0.device == .virtualUSB } || dut.readerDevice == .virtualUSB
    }

    /// Whether any chip, an emulator's or the DUT's reader, is simulated (`sim` or
    /// `virtual-usb`): such a rig has a simulated field.
    public var namesSimulatedChip: Bool {
        emulators.contains { $0.device.isSimulated } || dut.readerDevice?.isSimulated == true
    }

    /// Virtual or wall time.
    public enum ClockMode: String, Sendable, Hashable, CaseIterable {
        /// Simulated time: only for simulated chips.
        case virtual
        /// Real time: required for USB devices (real or virtual) and outside processes.
        case wall
    }

    /// A chip that emulates one tag.
    public struct Emulator: Sendable, Hashable {
        /// A short name used in cases and reports, e.g. `tag-a`.
        public var id: String
        /// Which chip.
        public var device: DeviceSpec

        /// Creates an emulator entry.
        public init(id: String, device: DeviceSpec) {
            self.id = id
            self.device = device
        }
    }

    /// Which chip: a simulated one, reached directly or over virtual USB, or a USB dongle.
    public enum DeviceSpec: Sendable, Hashable, CustomStringConvertible {
        /// A simulated PN533 in the rig's field.
        case sim
        /// A simulated PN533 in the rig's field that nfcrig reaches through libusb, as a
        /// virtual USB device (umockdev); needs a wall clock.
        case virtualUSB
        /// A USB PN533 chosen by index (`usb:0`), `usb:bus:address`, or `usb:serial=X`.
        case usb(selector: String)

        public var description: String {
            switch self {
            case .sim: "sim"
            case .virtualUSB: "virtual-usb"
            case .usb(let selector): "usb:\(selector)"
            }
        }

        /// Whether the chip is simulated, in the rig's field (nothing outside nfcrig is there).
        public var isSimulated: Bool {
            switch self {
            case .sim, .virtualUSB: true
            case .usb: false
            }
        }
    }

    /// Timing rules the verdicts use.
    public struct Tolerances: Sendable, Hashable {
        /// The expected interval from a multi-tag detection or failed read to the next poll.
        public var restartPollingNominal: Duration
        /// How far the measured interval may be from the nominal one.
        public var restartPollingTolerance: Duration

        /// The defaults: 500 ms ± 50 ms, the CoreNFC sample's rule.
        public init(
            restartPollingNominal: Duration = .milliseconds(500),
            restartPollingTolerance: Duration = .milliseconds(50)
        ) {
            self.restartPollingNominal = restartPollingNominal
            self.restartPollingTolerance = restartPollingTolerance
        }

        /// The accepted window for a restart-polling interval.
        public var restartPollingWindow: ClosedRange<Duration> {
            (restartPollingNominal - restartPollingTolerance)...(restartPollingNominal
                + restartPollingTolerance)
        }
    }

    /// A value and where in the file it was written.
    public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
        /// The value.
        public var value: Value
        /// 1-based line.
        public var line: Int
        /// 1-based column.
        public var column: Int

        /// Creates a located value.
        public init(_ value: Value, line: Int = 0, column: Int = 0) {
            self.value = value
            self.line = line
            self.column = column
        }
    }
}

/// How the device under test joins the rig.
public enum DeviceUnderTestSpec: Sendable, Hashable {
    /// nfcrig's reference reader on a PN533.
    case reference(device: RigFile.DeviceSpec)
    /// A reader product behind a child process speaking JSON Lines (DESIGN §6).
    case process(ProcessDUTSpec)

    /// The chip the DUT reads with, when the rig names it: the reference reader's, or the
    /// reader a process DUT drives itself (`reader:`).
    public var readerDevice: RigFile.DeviceSpec? {
        switch self {
        case .reference(let device): device
        case .process(let spec): spec.reader
        }
    }
}

/// A child process that drives a reader product.
public struct ProcessDUTSpec: Sendable, Hashable {
    /// The program and its arguments.
    public var command: [String]
    /// Working directory, relative to the rig file's folder when not absolute.
    public var workingDirectory: String?
    /// How long `hello` may take.
    public var helloTimeout: Duration
    /// How long any other request may take (a `scan` adds its own `timeout_ms`).
    public var requestTimeout: Duration
    /// The PN533 the child drives (`reader:`): `virtual-usb`, a simulated chip in the rig's
    /// field on the virtual USB bus the child inherits, or `usb:...`, a dongle on a bench.
    /// nfcrig never opens it; the child finds it in `NFCRIG_READER_USB` and
    /// `LIBNFC_DEFAULT_DEVICE` (with libnfc's scans off). Nil: the child reaches a reader of its
    /// own.
    public var reader: RigFile.DeviceSpec?

    /// Creates a process DUT description.
    public init(
        command: [String], workingDirectory: String? = nil,
        helloTimeout: Duration = .seconds(5), requestTimeout: Duration = .seconds(10),
        reader: RigFile.DeviceSpec? = nil
    ) {
        self.command = command
        self.workingDirectory = workingDirectory
        self.helloTimeout = helloTimeout
        self.requestTimeout = requestTimeout
        self.reader = reader
    }
}
