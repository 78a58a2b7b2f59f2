import NFCRigTestSupport
import PN533
import PN533Sim
import SimulatedRigSupport
import TagReader
import Testing

/// A reference reader on the reader chip of a `SimulatedRig` (no emulator chip: the tests
/// put software tags in the field), on a virtual clock: the reader's events and the chip's
/// RF log share one timeline.
struct SimulatedReaderRig: Sendable {
    let simulated = SimulatedRig(emulators: 0)
    let reader: NFCReferenceReader
    let events = Recorder<ReaderEvent>()

    init(configuration: ReaderConfiguration = ReaderConfiguration()) {
        reader = NFCReferenceReader(
            device: simulated.reader, configuration: configuration,
            clock: ReaderClock(simulated.clock, origin: .zero), onEvent: events.record)
    }

    var clock: SimulationClock { simulated.clock }
    var field: RFField { simulated.field }
    /// The reader's chip.
    var chip: PN533Firmware { simulated.readerChip }

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

    /// Opens the chip and runs `body` as a participant of the virtual clock; a body that
    /// returns must leave the simulation clean (the teardown verdict).
    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await clock.participate {
            try await simulated.reader.open()
            let result = try await body()
            let left = simulated.leftovers()
            #expect(left.isClean, "teardown: \(left)")
            return result
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

    enum RigError: Error {
        case noSingleTag
    }
}
