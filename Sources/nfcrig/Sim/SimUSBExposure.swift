import ArgumentParser

/// `--expose`: which simulated chips appear on virtual USB for the command.
enum SimUSBExposure: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The reader chip: the command reads the tags nfcrig emulates.
    case reader
    /// The emulator chips without a --tag4/--tag2: the command emulates a tag on them.
    case emulator
    /// Every chip: the command drives them all, nfcrig emulates nothing.
    case all
}
