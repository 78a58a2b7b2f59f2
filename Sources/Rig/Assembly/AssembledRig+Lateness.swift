import PN533Sim

extension AssembledRig {
    /// Answers the rig's emulators started after the reader had stopped listening, since
    /// the rig was assembled: what the simulated field saw (0 without a field, where nothing
    /// hears the air). Each is the harness's host being too slow.
    public var lateEmulatorAnswers: Int {
        get async { await field?.lateAnswerCount ?? 0 }
    }
}
