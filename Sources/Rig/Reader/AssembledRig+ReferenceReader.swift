import PN533
import TagReader

extension AssembledRig {
    /// The rig's clock as a reader clock: reader events and tag events share one timeline,
    /// and in virtual mode the reader's waits (restart delay, field reset) cost no real time.
    public var readerClock: ReaderClock { time.readerClock }

    /// The reference reader on the rig's DUT chip, opened.
    ///
    /// On a virtual-clock rig call it inside `run {}`, together with the tag
    /// emulators the reader is to find (see docs/simulator.md).
    ///
    /// - Throws: `.processDUT` when the rig's DUT is a child process, `.chip` when the chip
    ///   does not open.
    public func referenceReader(
        configuration: ReaderConfiguration = ReaderConfiguration(),
        onEvent: (@Sendable (ReaderEvent) -> Void)? = nil
    ) async throws(RigReaderError) -> NFCReferenceReader {
        guard let chip = readerChip else { throw .processDUT }
        do {
            _ = try await chip.device.open()
        } catch {
            throw .chip(id: chip.id, error)
        }
        return NFCReferenceReader(
            device: chip.device, configuration: configuration, clock: readerClock,
            onEvent: onEvent)
    }
}

/// Why a rig's reference reader could not be made.
public enum RigReaderError: Error, Sendable, CustomStringConvertible {
    /// The DUT is a reader product behind a child process: nfcrig has no chip to read with.
    case processDUT
    /// The DUT chip did not open.
    case chip(id: String, PN533Error)

    public var description: String {
        switch self {
        case .processDUT:
            "the DUT is a process (adapter: process); nfcrig's reference reader needs "
                + "dut: {adapter: reference, device: ...}"
        case .chip(let id, let error): "chip \(id): \(error)"
        }
    }
}
