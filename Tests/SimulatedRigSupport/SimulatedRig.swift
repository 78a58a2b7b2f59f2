import PN533
import PN533Sim

/// Simulated PN533s in one RF field on a virtual clock, each with its driver: a reader chip,
/// and emulator chips that emulate cards or sense the reader's field. What the tests of
/// every layer from the simulator up start from; a layer's tests add their own parts by
/// conforming to `OnSimulatedRig`.
public struct SimulatedRig: Sendable {
    public let clock: SimulationClock
    public let field: RFField
    /// The chip that reads, named `reader` in its events.
    public let readerChip: PN533Firmware
    /// The reader chip's driver.
    public let reader: PN533Device
    /// The other chips, in order, named `emulator` (then `emulator-1`, ...).
    public let emulatorChips: [PN533Firmware]
    /// Their drivers, in the same order.
    public let emulators: [PN533Device]
    /// Hosts set up with `host(_:)`, started once the test participates.
    public let hosts = PendingHosts()

    /// A rig with `emulators` emulator chips (0 for a reader alone) on a new virtual clock,
    /// frames timed by `air`, USB by `usb`.
    public init(emulators: Int = 1, air: AirTiming = AirTiming(), usb: USBTiming = USBTiming()) {
        clock = SimulationClock()
        field = RFField(clock: clock, timing: air)
        readerChip = PN533Firmware(name: "reader", field: field, usb: usb)
        reader = PN533Device(transport: readerChip.transport())
        emulatorChips = (0..<emulators).map { [field] index in
            let name = index == 0 ? "emulator" : "emulator-\(index)"
            return PN533Firmware(name: name, field: field, usb: usb)
        }
        self.emulators = emulatorChips.map { PN533Device(transport: $0.transport()) }
    }

    /// The first emulator chip.
    public var emulatorChip: PN533Firmware { emulatorChips[0] }

    /// The first emulator chip's driver.
    public var emulator: PN533Device { emulators[0] }

    /// Sets up a host (a task driving a chip, such as an emulator's) that `participate`
    /// starts: a host spawned before the test participates could run virtual time past its
    /// own timeouts while nobody else counted as running.
    public func host<Success: Sendable>(
        _ body: @escaping @Sendable () async throws -> Success
    ) -> RigHost<Success> {
        hosts.add(on: clock, body)
    }

    /// Runs `body` as a participant of the clock, the hosts set up so far started first.
    public func participate<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await clock.participate {
            hosts.startAll()
            return try await body()
        }
    }

    /// The teardown verdict: stops every host, then says what the simulation still had to
    /// do (participants, scheduled actions) and which chips' frames no host read. A test
    /// that ends its work in order expects it clean.
    public func finish() async -> SimulationLeftovers {
        await clock.participate {
            await hosts.stopAll()
            return leftovers()
        }
    }

    /// What is left besides the calling participant, from inside `participate`: for a rig
    /// that stops its own hosts and judges the teardown before it lets go of the clock.
    public func leftovers() -> SimulationLeftovers {
        var leftovers = clock.leftovers
        leftovers.running -= 1
        leftovers.addUnreadFrames(of: [readerChip] + emulatorChips)
        return leftovers
    }
}
