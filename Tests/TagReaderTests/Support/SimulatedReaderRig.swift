import NFCRigTestSupport
import PN533
import PN533Sim
import TagReader

/// A reference reader on a simulated PN533 in a simulated field, on a virtual clock: the
/// reader's events and the chip's RF log share one timeline.
struct SimulatedReaderRig: Sendable {
    let clock: SimulationClock
    let field: RFField
    let chip: PN533Firmware
    let device: PN533Device
    let reader: NFCReferenceReader
    let events: Recorder<ReaderEvent>

    init(configuration: ReaderConfiguration = ReaderConfiguration()) {
        let clock = SimulationClock()
        let log = Recorder<ReaderEvent>()
        self.clock = clock
        events = log
        field = RFField(clock: clock)
        chip = PN533Firmware(name: "reader", field: field)
        device = PN533Device(transport: chip.transport())
        reader = NFCReferenceReader(
            device: device, configuration: configuration,
            clock: ReaderClock(
                now: { clock.now.offset }, sleep: { try await clock.sleep(for: $0) }),
            onEvent: log.record)
    }

    /// Puts a tag in the field.
    @discardableResult
    func enter(_ tag: SoftwareTag) async -> RFField.TargetHandle {
        await field.enter(tag, identity: tag.identity)
    }

    /// Puts a Type 4 test tag in the field.
    @discardableResult
    func enter(_ tag: Type4TestTag) async -> RFField.TargetHandle {
        await enter(tag.softwareTag(clock: clock))
    }

    /// Puts a Type 2 test tag in the field.
    @discardableResult
    func enter(_ tag: Type2TestTag) async -> RFField.TargetHandle {
        await enter(tag.softwareTag(clock: clock))
    }

    /// Opens the chip and runs `body` as a participant of the virtual clock.
    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await clock.participate {
            try await device.open()
            return try await body()
        }
    }

    /// Opens the chip, polls one tag and runs `body` with it connected.
    func withTag<T: Sendable>(_ body: @Sendable (NFCTag) async throws -> T) async throws -> T {
        try await run {
            guard case .tag(let tag) = try await reader.poll(timeout: .seconds(1)) else {
                throw RigError.noSingleTag
            }
            return try await body(tag)
        }
    }

    /// When the reader chip switched its field, from its own log: the RF side's view.
    func fieldSwitches() async -> [(on: Bool, at: Duration)] {
        await chip.eventLog.compactMap { event in
            switch event.kind {
            case .rf("field on"): (true, event.at.offset)
            case .rf("field off"): (false, event.at.offset)
            default: nil
            }
        }
    }

    enum RigError: Error {
        case noSingleTag
    }
}
