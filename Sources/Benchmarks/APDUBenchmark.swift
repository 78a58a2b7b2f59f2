import TagFormat

/// `nfcrig bench apdu`: the measurements, in the order they run, and the keys apdu.json
/// always has.
public enum APDUBenchmark {
    /// Every measurement, in run order.
    public static let sections: [any APDUBenchSection.Type] = [
        StackOverheadResult.self,
        AirLimitResults.self,
        SessionAirResults.self,
    ]

    /// The keys apdu.json always has, `null` until a measurement fills them (`virtual_usb`
    /// and `nfcpy_session` need the rig and umockdev: the CLI adds them).
    public static let keys = [
        "stack_overhead", "air", "session_air", "virtual_usb", "nfcpy_session",
    ]

    /// SELECT of the NFC Forum NDEF application by AID: 13 bytes, answered with 9000.
    public static let defaultAPDU = Type4Tag.selectNDEFApplication().encoded()

    /// Runs the measurements of `sections` named in `only` (all when nil) and returns the
    /// report; callers above this module add measurements that need more than it imports.
    public static func run(
        _ settings: APDUBenchSettings, only: Set<String>? = nil,
        sections: [any APDUBenchSection.Type] = sections
    ) async throws -> APDUBenchReport {
        var report = APDUBenchReport(machine: .current)
        for section in sections where only?.contains(section.key) ?? true {
            report.sections[section.key] = try await section.measure(settings)
        }
        return report
    }
}
