import PN533

@testable import PN533Sim

extension SimulationChannel {
    /// How a receive with no deadline ends: the error, or `nil` when an element came.
    func errorOfReceive() async -> SimulationError? {
        do throws(SimulationError) {
            _ = try await receive(deadline: nil)
            return nil
        } catch {
            return error
        }
    }
}

extension SimulationClock {
    /// How a lone participant's wait for a message nobody sends ends: with nothing else due,
    /// a deadlock at the time it started (`nil` if a message came after all).
    func waitForNothing() async -> SimulationError? {
        await participate { await SimulationChannel<Int>(clock: self).errorOfReceive() }
    }
}

extension SimulationClock {
    /// How `command` ends on `device` (opened first), as a participant: its error, or `nil`
    /// when the chip answered.
    func commandError(_ device: PN533Device, _ command: PN533Command, _ data: [UInt8] = [])
        async -> PN533Error?
    {
        await participate { () async -> PN533Error? in
            do throws(PN533Error) {
                try await device.open()
                _ = try await device.command(command, data)
                return nil
            } catch {
                return error
            }
        }
    }
}
