import Foundation

/// Rig files and message files for the `emulate` and `read` tests, in a fresh temporary
/// folder per fixture.
struct RigFixture {
    private let scratch: TemporaryFolder
    var folder: URL { scratch.url }

    init() throws {
        scratch = try TemporaryFolder(prefix: "nfcrig-rig")
    }

    /// Writes `text` to `name` in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The repository's root, found from this file's place in the package.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The repository's `Rigs/sim.yaml`.
    static var simRig: String { repositoryRoot.appendingPathComponent("Rigs/sim.yaml").path }

    /// A wall-clock rig whose chips are all simulated: `emulate` runs until interrupted.
    static let wallSimRig = """
        name: wall-sim
        clock: wall
        emulators:
          - id: tag-a
            device: sim
        dut:
          adapter: reference
          device: sim
        """

    /// A rig whose emulator is a USB chip (the device need not be there: the refusals come
    /// before any chip is opened).
    static let usbEmulatorRig = """
        name: usb
        clock: wall
        emulators:
          - id: tag-a
            device: usb:0
        dut:
          adapter: reference
          device: usb:1
        """

    /// A rig whose DUT is a child process.
    static let processDUTRig = """
        name: process
        clock: wall
        emulators:
          - id: tag-a
            device: sim
        dut:
          adapter: process
          command: [python3, fake_dut.py]
        """
}
