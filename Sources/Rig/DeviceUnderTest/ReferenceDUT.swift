import HexText
import Locking
import NDEF
import PN533
import PN533USB
import TagFormat
import TagReader

/// nfcrig's reference reader on one of the rig's chips, behind the DUT protocol: what a
/// well-written CoreNFC app does, including the deliberate faults the suites must catch.
public actor ReferenceDUT: DeviceUnderTest {
    private let device: PN533Device
    /// Where the chip is on USB (`NXP PN533 (04cc:2533) at 001:004`), for the DUT's name.
    private let usbSummary: String?
    let reader: NFCReferenceReader
    private let inbox: ReferenceDUTEvents
    /// Who runs ISO-DEP: the chip (InDataExchange) unless a fault needs the host's own.
    private let isoDEP: ISODEPHandling
    /// `read-error-as-no-ndef`: a failed Type 4 read is reported as no NDEF, as nfcpy does.
    private let readErrorsAsNoNDEF: Bool
    private var lastMessage: NDEFMessage?
    /// `reports-cached-message`: the last read, answered again when no tag is connected.
    private let reportsCachedMessage: Bool
    private var cachedRead: DUTRead?
    private var opened = false
    /// The rig's time, on which a session runs as a task of the rig (nil: a plain task).
    let time: RigTime?
    /// The reader's clock, which a wait for a session's end sleeps on.
    let clock: ReaderClock
    /// What the NDEF reader session begun last reported.
    var session: ReferenceDUTSession?
    /// That session's task, while it runs.
    var sessionTask: RigTask?

    /// A reader on `chip` timed by `clock` (the rig's `readerClock`), with `faults` applied;
    /// `time`, the rig's, runs its NDEF reader sessions as the rig's tasks.
    public init(
        chip: RigChip, clock: ReaderClock, faults: ReaderFaults = .none, time: RigTime? = nil
    ) {
        self.time = time
        self.clock = clock
        device = chip.device
        usbSummary = chip.usb?.info.summary
        let events = ReferenceDUTEvents()
        inbox = events
        isoDEP = faults.runsISODEPOnHost ? .host : .chip
        readErrorsAsNoNDEF = faults.type4Layout.contains(.readErrorAsNoNDEF)
        reportsCachedMessage = faults.reportsCachedMessage
        reader = NFCReferenceReader(
            device: chip.device, configuration: ReaderConfiguration(faults: faults),
            clock: clock, onEvent: { event in events.observe(event) })
    }

    public func hello() async throws(DUTError) -> DUTIdentity {
        do {
            let version = try await device.open()
            opened = true
            return DUTIdentity(
                name: "nfcrig reference reader" + (usbSummary.map { " on \($0)" } ?? ""),
                firmware: "PN533 \(version.version).\(version.revision)", isoDEP: isoDEP)
        } catch {
            throw .harness("the reference reader's chip did not open: \(error)")
        }
    }

    public func scan(timeout: Duration) async throws(DUTError) -> DUTScan {
        try await ensureOpen()
        await endSession()
        lastMessage = nil
        do {
            switch try await reader.poll(timeout: timeout) {
            case .tag(let tag): return DUTScan(tags: [Hex.encode(tag.identifier)])
            case .multipleTags(let tags):
                return DUTScan(tags: tags.map { Hex.encode($0.identifier) })
            case .noTag: return DUTScan(tags: [])
            }
        } catch {
            throw Self.map(error)
        }
    }

    public func read() async throws(DUTError) -> DUTRead {
        do throws(NFCReaderError) {
            let (status, capacity) = try await reader.queryNDEFStatus()
            let mapped: DUTRead.Status =
                switch status {
                case .notSupported: .notSupported
                case .readWrite: .readWrite
                case .readOnly: .readOnly
                }
            guard mapped != .notSupported else {
                return DUTRead(status: mapped, capacity: capacity, ndef: nil)
            }
            let type4 = await reader.connectedTag?.type == .type4
            let read: (message: NDEFMessage, bytes: [UInt8])
            do throws(NFCReaderError) {
                read = try await reader.readNDEFMessageAndBytes()
            } catch {
                guard readErrorsAsNoNDEF, type4, Self.failedOnTheTag(error) else { throw error }
                return DUTRead(status: .notSupported, capacity: 0, ndef: nil)
            }
            lastMessage = read.message
            let answer = DUTRead(
                status: mapped, capacity: capacity, ndef: read.bytes, records: read.message.records)
            cachedRead = answer
            return answer
        } catch {
            if reportsCachedMessage, error == .tagNotConnected, let cachedRead { return cachedRead }
            throw Self.map(error)
        }
    }

    public func write(_ ndef: [UInt8]) async throws(DUTError) {
        let message: NDEFMessage
        do {
            // No bytes is the zero-length message: it reaches the reader, which refuses it.
            message = ndef.isEmpty ? NDEFMessage(records: []) : try NDEFDecoder().decode(ndef)
        } catch {
            throw .harness("the message to write does not decode: \(error)")
        }
        do {
            try await reader.writeNDEF(message)
        } catch {
            throw Self.map(error)
        }
    }

    public func backgroundDispatch() async throws(DUTError) -> String? {
        guard let lastMessage else { return nil }
        let verdict = reader.backgroundReadingVerdict(for: lastMessage)
        return verdict.dispatch ? verdict.url : nil
    }

    public func selectISO7816(_ aids: [ApplicationIdentifier]) async throws(DUTError)
        -> DUTSelection?
    {
        do {
            guard let selection = try await reader.selectISO7816Application(from: aids) else {
                return nil
            }
            return DUTSelection(
                aid: selection.initialSelectedAID, historicalBytes: selection.historicalBytes,
                applicationData: selection.applicationData)
        } catch {
            throw Self.map(error)
        }
    }

    public func sendAPDU(_ apdu: [UInt8]) async throws(DUTError) -> [UInt8] {
        let command: CommandAPDU
        do {
            command = try CommandAPDU(decoding: apdu)
        } catch {
            throw .harness("the APDU to send does not decode: \(error)")
        }
        do {
            return try await reader.sendCommand(command).encoded()
        } catch {
            throw Self.map(error)
        }
    }

    public func takeEvents() async -> [DUTEvent] { inbox.take() }

    public func close() async {
        await endSession()
        try? await reader.invalidate()
    }

    func ensureOpen() async throws(DUTError) {
        if !opened { _ = try await hello() }
    }

    /// Whether `error` is the tag's link or answers failing (what nfcpy's `tag.ndef` turns
    /// into no NDEF), not the message or the reader.
    private static func failedOnTheTag(_ error: NFCReaderError) -> Bool {
        switch error {
        case .tagConnectionLost, .retryExceeded, .tagResponseError: true
        default: false
        }
    }

    static func map(_ error: NFCReaderError) -> DUTError {
        .reader(name: error.name, message: "\(error)")
    }
}

/// Reader events turned into DUT events, kept until a case takes them.
final class ReferenceDUTEvents: Sendable {
    private let pending = Lock<[DUTEvent]>([])

    func observe(_ event: ReaderEvent) {
        let name: String? =
            switch event.kind {
            case .multipleTags: "multiple_tags"
            case .restartPolling: "restart_polling"
            case .pollStarted: "poll"
            default: nil
            }
        guard let name else { return }
        pending.withLock { $0.append(DUTEvent(name: name, at: event.at, detail: "\(event.kind)")) }
    }

    func take() -> [DUTEvent] {
        pending.withLock { events in
            defer { events = [] }
            return events
        }
    }
}
