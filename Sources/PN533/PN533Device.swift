/// A PN533 (or RC-S360, PN532) driven over a `Transport`.
///
/// Each command runs command → ACK → response. The device tolerates a response with no ACK
/// before it, NACKs a corrupt response to get it again (`corruptResponseRetries` times),
/// cancels a command whose response times out (or whose caller's task is cancelled) by
/// sending an ACK and then drains a late answer, and maps chip status bytes into `PN533Error`
/// once. Commands run one at a time, in call order; more-information chains hold the device
/// until they complete.
public actor PN533Device {
    /// USB full-speed bulk packet size: a shorter transfer ends with its last packet.
    static let usbPacketSize = 64
    /// Empty transfers in a row that count as silence, so a transport that keeps returning
    /// nothing cannot spin a command forever.
    static let emptyTransfersAsTimeout = 8

    private let transport: any Transport
    /// The transport's preferred executor, or the one a helper actor lends.
    private nonisolated let executor: UnownedSerialExecutor
    /// Keeps the lender of `executor` alive when the transport prefers none.
    private let executorLender: PN533DeviceExecutor?
    /// The settings this device runs with.
    public let configuration: PN533DeviceConfiguration
    private let onEvent: (@Sendable (PN533DeviceEvent) -> Void)?
    /// The firmware `open()` read; `nil` before.
    public private(set) var firmware: PN533FirmwareVersion?
    private var decoder = PN533FrameDecoder()
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A device over `transport`; call `open()` before anything else.
    public init(
        transport: some Transport,
        configuration: PN533DeviceConfiguration = PN533DeviceConfiguration(),
        onEvent: (@Sendable (PN533DeviceEvent) -> Void)? = nil
    ) {
        self.transport = transport
        self.configuration = configuration
        self.onEvent = onEvent
        if let preferred = transport.preferredExecutor {
            executorLender = nil
            executor = preferred.asUnownedSerialExecutor()
        } else {
            let lender = PN533DeviceExecutor()
            executorLender = lender
            executor = lender.unownedExecutor
        }
    }

    /// The transport's executor when it prefers one (a simulated chip's), else one of its own.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor }

    /// The chip: as configured, else as `open()` identified it, else assumed a PN533.
    public var chip: PN533Chip { configuration.expectedChip ?? firmware?.chip ?? .pn533 }

    /// Resynchronises with the chip and identifies it: sends an ACK (cancelling whatever the
    /// chip was doing), drains a stale answer, reads the firmware version, and on an RC-S360
    /// sends ResetMode `18 01` followed by an ACK, as libnfc and nfcpy do.
    @discardableResult
    public func open() async throws(PN533Error) -> PN533FirmwareVersion {
        if busy { await waitForTurn() } else { busy = true }
        defer { passTurn() }
        try await transmit(PN533Frame.ackBytes)
        await drain()
        let version = try await readFirmwareVersion(attempts: 2)
        firmware = version
        if chip == .rcs360 {
            let response = try await roundTrip(PN533ResetMode.request, timeout: nil)
            try PN533Response.requireEmpty(response, command: .resetMode)
            try await transmit(PN533Frame.ackBytes)
        }
        return version
    }

    /// Runs one command with raw parameters and returns the response data (after the response
    /// code), unparsed: status bytes are not checked.
    public func command(
        _ code: PN533Command, _ data: [UInt8] = [], timeout: Duration? = nil
    ) async throws(PN533Error) -> [UInt8] {
        try await perform(PN533Request(code, data), timeout: timeout)
    }

    // MARK: - Internals shared by the typed commands

    /// One request under the device's exclusive access; `accepted` as for `roundTrip`.
    func perform(
        _ request: PN533Request, timeout: Duration?, accepted: (@Sendable () -> Void)? = nil
    ) async throws(PN533Error) -> [UInt8] {
        if busy { await waitForTurn() } else { busy = true }
        defer { passTurn() }
        return try await roundTrip(request, timeout: timeout, accepted: accepted)
    }

    /// Runs `first`; while the response has MI set, runs `followUp` and appends its data.
    /// `followUp` is built only when needed: most responses come whole.
    func performChained(
        _ first: PN533Request, followUp: @autoclosure () -> PN533Request, timeout: Duration?
    ) async throws(PN533Error) -> [UInt8] {
        if busy { await waitForTurn() } else { busy = true }
        defer { passTurn() }
        let command = first.command
        var response = try PN533DataResponse(
            response: try await roundTrip(first, timeout: timeout), command: command)
        var data = response.data
        while response.moreInformation {
            response = try PN533DataResponse(
                response: try await roundTrip(followUp(), timeout: timeout), command: command)
            data += response.data
            guard data.count <= configuration.maximumChainedLength else {
                throw .chainingOverflow(
                    command: command, limit: configuration.maximumChainedLength)
            }
        }
        return data
    }

    // Every command holds the device from its frame to its answer: the protocol has one
    // command in flight, and actor reentrancy would otherwise interleave two callers' frames
    // at every `await`.

    /// Waits until the caller holding the device passes it on (it stays busy meanwhile).
    private func waitForTurn() async {
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Hands the device to the longest waiter, or frees it.
    private func passTurn() {
        if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
    }

    private func readFirmwareVersion(attempts: Int) async throws(PN533Error)
        -> PN533FirmwareVersion
    {
        var attempt = 1
        while true {
            do {
                let response = try await roundTrip(PN533FirmwareVersion.request, timeout: nil)
                return try PN533FirmwareVersion(response: response)
            } catch {
                // libnfc ignores a failed first GetFirmwareVersion: a chip that was busy or
                // mid-frame may only answer the second.
                if case .transport = error { throw error }
                guard attempt < attempts else { throw error }
                attempt += 1
            }
        }
    }

    /// Sends `request` and returns its response data, recovering from what real chips do.
    /// `accepted` runs once, when the chip has taken the command: its ACK came, or the wait
    /// for the ACK ended, or the response came without one.
    private func roundTrip(
        _ request: PN533Request, timeout: Duration?, accepted: (@Sendable () -> Void)? = nil
    ) async throws(PN533Error) -> [UInt8] {
        let command = request.command
        let frameBytes = try encode(request)
        let responseTimeout = timeout ?? configuration.responseTimeout(for: command)
        discardBuffered()
        try await transmit(frameBytes)
        var awaitingAck = true
        var nacksSent = 0
        while true {
            let frame: PN533Frame
            switch await receiveFrame(
                timeout: awaitingAck ? configuration.ackTimeout : responseTimeout)
            {
            case .frame(let received):
                frame = received
            case .timeout:
                if awaitingAck {
                    // A lost ACK is no reason to give up: the response may still come.
                    awaitingAck = false
                    accepted?()
                    continue
                }
                try await abort(command)
                throw .noResponse(command: command, timeout: responseTimeout)
            case .cancelled:
                // The caller stopped waiting (an emulator stopped while its chip listens):
                // the chip must stop too, or it would go on answering as a card.
                try await abort(command)
                throw .transport(.cancelled)
            case .corrupt(let error):
                discardBuffered()
                guard nacksSent < configuration.corruptResponseRetries else {
                    throw .corruptResponse(command: command, error: error, attempts: nacksSent + 1)
                }
                nacksSent += 1
                emit(.nackSent(command, error))
                try await transmit(PN533Frame.nackBytes)
                if awaitingAck {
                    awaitingAck = false
                    accepted?()
                }
                continue
            case .failed(let error):
                throw .transport(error)
            }
            switch frame {
            case .ack:
                if awaitingAck {
                    awaitingAck = false
                    accepted?()
                } else {
                    emit(.ignored(command, frame))
                }
            case .information(.chipToHost, let code, let data) where code == command.responseCode:
                if awaitingAck {
                    emit(.ackMissing(command))
                    accepted?()
                }
                return data
            case .information(.chipToHost, let code, _):
                try await abort(command)
                throw .unexpectedResponseCode(
                    command: command, expected: command.responseCode, received: code)
            case .error:
                throw .errorFrame(command: command)
            case .nack, .information(.hostToChip, _, _):
                try await abort(command)
                throw .unexpectedFrame(command: command, frame: frame)
            }
        }
    }

    private func encode(_ request: PN533Request) throws(PN533Error) -> [UInt8] {
        let length = 2 + request.data.count
        let maximum = configuration.maximumFrameLength
        guard length <= maximum, let bytes = try? request.frame.encode() else {
            throw .invalidRequest(
                command: request.command, error: .frameTooLong(length: length, maximum: maximum))
        }
        return bytes
    }

    private enum ReceiveOutcome {
        case frame(PN533Frame)
        case timeout
        case cancelled
        case corrupt(PN533FrameError)
        case failed(TransportError)
    }

    /// The next frame from the decoder, receiving transfers as needed; garbage is reported
    /// and skipped.
    private func receiveFrame(timeout: Duration) async -> ReceiveOutcome {
        var emptyTransfers = 0
        while true {
            do throws(PN533FrameError) {
                if let frame = try decoder.nextFrame() { return .frame(frame) }
            } catch .garbage(let skipped) {
                emit(.skipped(skipped))
                continue
            } catch {
                return .corrupt(error)
            }
            let bytes: [UInt8]
            do throws(TransportError) {
                bytes = try await transport.receive(timeout: timeout)
            } catch {
                return Self.outcome(of: error)
            }
            if let outcome = take(bytes, emptyTransfers: &emptyTransfers) { return outcome }
        }
    }

    /// Feeds one transfer to the decoder; `.timeout` once too many came empty.
    private func take(_ bytes: [UInt8], emptyTransfers: inout Int) -> ReceiveOutcome? {
        emit(.received(bytes))
        decoder.append(bytes)
        if bytes.count % Self.usbPacketSize != 0 || bytes.isEmpty { decoder.endTransfer() }
        guard bytes.isEmpty else { return nil }
        emptyTransfers += 1
        return emptyTransfers >= Self.emptyTransfersAsTimeout ? .timeout : nil
    }

    private static func outcome(of error: TransportError) -> ReceiveOutcome {
        switch error {
        case .timeout: .timeout
        case .cancelled: .cancelled
        default: .failed(error)
        }
    }

    /// Cancels the running command (an ACK, DESIGN.md §3) and drains its late answer.
    private func abort(_ command: PN533Command) async throws(PN533Error) {
        emit(.aborted(command))
        try await transmit(PN533Frame.ackBytes)
        await drain()
    }

    /// One short receive whose bytes, if any, are thrown away; errors are ignored because
    /// silence is the expected outcome.
    private func drain() async {
        discardBuffered()
        guard let late = try? await transport.receive(timeout: configuration.drainTimeout) else {
            return
        }
        emit(.received(late))
        if !late.isEmpty { emit(.discarded(late)) }
    }

    private func discardBuffered() {
        let leftover = decoder.discardBuffered()
        if !leftover.isEmpty { emit(.discarded(leftover)) }
    }

    private func transmit(_ bytes: [UInt8]) async throws(PN533Error) {
        emit(.sent(bytes))
        do throws(TransportError) {
            try await transport.send(bytes)
        } catch {
            throw .transport(error)
        }
    }

    private func emit(_ event: PN533DeviceEvent) {
        onEvent?(event)
    }
}

/// An actor that only lends its executor: a device's own when its transport names none.
private actor PN533DeviceExecutor {}
