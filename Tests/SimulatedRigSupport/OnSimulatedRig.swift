import PN533
import PN533Sim

/// A layer's test rig built on a `SimulatedRig` (adding, say, a card's event recorder or an
/// emulator's log): it answers for the simulated rig's clock, field, chips and hosts as its
/// own, so tests read `rig.reader`, `rig.participate { }` whichever rig they hold.
public protocol OnSimulatedRig: Sendable {
    /// The chips, field and clock underneath.
    var simulated: SimulatedRig { get }
}

extension OnSimulatedRig {
    public var clock: SimulationClock { simulated.clock }
    public var field: RFField { simulated.field }
    public var readerChip: PN533Firmware { simulated.readerChip }
    public var reader: PN533Device { simulated.reader }
    public var emulatorChip: PN533Firmware { simulated.emulatorChip }
    public var emulator: PN533Device { simulated.emulator }

    /// `SimulatedRig.host(_:)`.
    public func host<Success: Sendable>(
        _ body: @escaping @Sendable () async throws -> Success
    ) -> RigHost<Success> {
        simulated.host(body)
    }

    /// `SimulatedRig.participate(_:)`.
    public func participate<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await simulated.participate(body)
    }
}
