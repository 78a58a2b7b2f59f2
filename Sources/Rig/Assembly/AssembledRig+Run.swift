extension AssembledRig {
    /// Runs `body` as the rig's work. On a simulated rig virtual time stands still while it
    /// runs and moves on only while it (and every tag and reader it started) waits, so call
    /// the DUT, the tag slots and the reader from inside it; on a wall-clock rig it simply
    /// runs.
    @discardableResult
    public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        try await time.run(body)
    }

    /// Waits `duration` of rig time (virtual on a simulated rig), inside `run`.
    public func sleep(for duration: Duration) async {
        await time.sleep(for: duration)
    }

    /// A tag slot on emulator chip `chip`, timed by the rig's clock.
    public func tagSlot(on chip: RigChip) -> RigTagSlot {
        RigTagSlot(chip: chip, time: time)
    }
}
