import ISODEP
import PN533

/// The reference reader: a PN533 in initiator mode behaving like a well-written CoreNFC app.
///
/// `poll(timeout:)` finds tags (one tag connects; several are reported, none is read, and
/// polling restarts after `restartPollingDelay`); `queryNDEFStatus()`, `readNDEF()`,
/// `writeNDEF(_:)` and `writeLock()` work on the connected tag; a failed read also restarts
/// polling. Every step is reported as a `ReaderEvent` stamped with the injected clock.
///
/// - Warning: operations do not overlap: one started while another runs throws
///   `readerBusy` (waiting would stall a simulation clock, which advances only when every
///   participant waits on it).
public actor NFCReferenceReader {
    /// The chip, opened, in initiator mode.
    public let device: PN533Device
    /// The settings the reader runs with.
    public let configuration: ReaderConfiguration
    /// Every event, as it happens (the newest `eventBufferSize` kept for a slow consumer).
    public nonisolated let events: AsyncStream<ReaderEvent>
    /// The tag the last poll connected, until polling restarts or another poll begins.
    public internal(set) var connectedTag: NFCTag? {
        // The host's ISO-DEP (an ISO-DEP fault) keeps the block numbers of one connection,
        // and a tag reader session's selection lasts as long.
        didSet {
            hostISODEP = nil
            iso7816Session = nil
        }
    }
    /// The ISO 7816 tag reader session with the connected tag, once an application of the
    /// session's list was selected.
    var iso7816Session: ISO7816ReaderSession?
    /// The host's own ISO-DEP with the connected tag, when an ISO-DEP fault puts it in the
    /// chip's place: one per connection, as its block numbers follow the card's.
    var hostISODEP: ISODEPReader?

    /// Whether the session was invalidated (`invalidate()`, or an NDEF reader session's end):
    /// tag operations then fail with `sessionInvalidated` until the next poll begins anew.
    var sessionInvalidated = false
    /// Whether the user pressed Cancel on the running NDEF reader session's sheet.
    var cancelRequested = false
    /// Whether the running NDEF reader session's owner asked it to stop (no report).
    var stopRequested = false

    let clock: ReaderClock
    private let eventSink: AsyncStream<ReaderEvent>.Continuation
    private let onEvent: (@Sendable (ReaderEvent) -> Void)?
    var prepared = false
    private var busy = false

    /// A reader on `device` (already opened); `onEvent` sees every event synchronously.
    public init(
        device: PN533Device, configuration: ReaderConfiguration = ReaderConfiguration(),
        clock: ReaderClock = .continuous(), onEvent: (@Sendable (ReaderEvent) -> Void)? = nil
    ) {
        self.device = device
        self.configuration = configuration
        self.clock = clock
        self.onEvent = onEvent
        (events, eventSink) = AsyncStream.makeStream(
            bufferingPolicy: .bufferingNewest(max(1, configuration.eventBufferSize)))
    }

    deinit { eventSink.finish() }

    /// The chip's executor: the reader's many calls into the device then need no hop.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { device.unownedExecutor }

    /// Switches the field off and forgets the tag; the next poll sets the chip up again. Until
    /// then a tag operation fails with `sessionInvalidated` (CoreNFC's 103) without reaching
    /// the tag.
    public func invalidate() async throws(NFCReaderError) {
        // `reads-after-invalidation`: the session goes on as though never invalidated.
        guard !configuration.faults.session.contains(.readsAfterInvalidation) else { return }
        try await exclusively { () async throws(NFCReaderError) in
            connectedTag = nil
            sessionInvalidated = true
            prepared = false
            try await chip { () async throws(PN533Error) in try await device.setRF(field: false) }
        }
    }

    // MARK: - Shared machinery

    /// Runs one operation, refusing a second one while it runs.
    func exclusively<T>(
        _ body: () async throws(NFCReaderError) -> T
    ) async throws(NFCReaderError) -> T {
        guard !busy else { throw .readerBusy }
        busy = true
        defer { busy = false }
        return try await body()
    }

    /// Sets the chip up for polling once: few activation retries per command, ISO-DEP
    /// recovery in InDataExchange (the chip's default MaxRtyCOM 00 never sends R(NAK)),
    /// field on.
    func prepare() async throws(NFCReaderError) {
        guard !prepared else { return }
        let retries = configuration.passiveActivationRetries
        let recoveries = configuration.faults.noChipRecovery ? 0 : configuration.isoDEPRecoveries
        try await chip { () async throws(PN533Error) in
            try await device.setRetries(atr: 0x00, psl: 0x01, passiveActivation: retries)
            try await device.setCommunicationRetries(recoveries)
            if activatesISODEPOnHost { try await device.setParameters(.automaticATRResponse) }
            try await device.setRF(field: true)
        }
        prepared = true
    }

    /// Field off, wait until `restartPollingDelay` after `reference` (the detection or failure
    /// instant), field on. A cancelled wait ends the delay early rather than leaving the
    /// field off.
    func restart(from reference: Duration) async throws(NFCReaderError) {
        connectedTag = nil
        try await chip { () async throws(PN533Error) in try await device.setRF(field: false) }
        let remaining = reference + configuration.effectiveRestartDelay - clock.now()
        if remaining > .zero { try? await clock.sleep(remaining) }
        emit(.restartPolling)
        if prepared {
            try await chip { () async throws(PN533Error) in try await device.setRF(field: true) }
        } else {
            try await prepare()
        }
    }

    /// Runs chip commands, mapping the driver's errors once.
    func chip<T>(
        _ body: () async throws(PN533Error) -> T
    ) async throws(NFCReaderError) -> T {
        do throws(PN533Error) {
            return try await body()
        } catch {
            throw NFCReaderError(error)
        }
    }

    /// Reports an event and returns its timestamp.
    @discardableResult
    func emit(_ kind: ReaderEvent.Kind) -> Duration {
        let event = ReaderEvent(at: clock.now(), kind: kind)
        onEvent?(event)
        eventSink.yield(event)
        return event.at
    }
}
