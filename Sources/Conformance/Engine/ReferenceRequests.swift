import Foundation
import Rig

extension ConformanceCatalog {
    /// The rig the catalogue's own listing and tests run on: two simulated emulators and the
    /// reference reader on a simulated chip, in one simulated field, on the virtual clock;
    /// each suite judged under the profile the shipped rigs pair it with (the corenfc-only
    /// suites under corenfc, as a rig naming no suites would judge them anyway).
    public static let referenceRig = RigFile(
        name: "conformance-tests",
        emulators: [
            RigFile.Emulator(id: "tag-a", device: .sim),
            RigFile.Emulator(id: "tag-b", device: .sim),
        ],
        dut: .reference(device: .sim),
        suiteProfiles: [
            "restart-polling": .coreNFC, "background-reading": .coreNFC, "iso7816": .coreNFC,
            "corenfc-session": .coreNFC,
        ])

    /// The requests each case sends, by case ID, from one run of the whole catalogue on
    /// `referenceRig` against the reference reader (virtual clock: some 25 s of work).
    public static func referenceRequests() async throws(ConformanceRun.Failure)
        -> [String: [String]]
    {
        let run = try await ConformanceRun.run(
            referenceRig, fileName: "conformance-tests.yaml",
            directory: URL(fileURLWithPath: NSTemporaryDirectory()),
            options: ConformanceRun.Options(repeatCount: 1), runID: "requests",
            nfcrigVersion: "catalogue", commit: nil, progress: { _ in })
        return requests(of: run.cases)
    }
}
