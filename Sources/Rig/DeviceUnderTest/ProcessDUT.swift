import Foundation
import HexText
import TagFormat

/// A reader product joined through a child process speaking JSON Lines (DESIGN §6): one
/// request and one response per line, matched by `id`; events without an id. Anything
/// else — a line that is not JSON, an unknown field value, no answer in time, an early exit
/// — becomes a `DUTError` quoting the offending line, and the run goes on: the next request
/// goes to the same process while it runs (an answer that comes late is dropped by its id),
/// or to a new one, without a new `hello`, when it has exited.
public actor ProcessDUT: DeviceUnderTest {
    /// The protocol version this nfcrig speaks. A DUT may say in its `hello` answer which
    /// one it speaks (`"protocol": 1`); one nfcrig does not speak fails `hello`. The number
    /// goes up only with a change that breaks a DUT written to the version before.
    public static let protocolVersion = 1

    let spec: ProcessDUTSpec
    private let directory: URL
    private let environment: [String: String]
    private let now: @Sendable () -> Duration
    private let stderrLog: DUTStderrLog?
    private var child: ProcessDUTChild?
    private var nextID = 1
    private var events: [DUTEvent] = []

    /// Creates the adapter; `directory` resolves a relative working directory (the rig
    /// file's folder), `environment` is added to the child's (where its reader is:
    /// `AssembledRig.dutEnvironment`), `now` timestamps events on the rig's clock, and
    /// `stderrLog` keeps every line the child writes on stderr.
    public init(
        spec: ProcessDUTSpec, directory: URL, environment: [String: String] = [:],
        now: @escaping @Sendable () -> Duration, stderrLog: DUTStderrLog? = nil
    ) {
        self.stderrLog = stderrLog
        self.spec = spec
        self.directory = directory
        self.environment = environment
        self.now = now
    }

    public func hello() async throws(DUTError) -> DUTIdentity {
        try await request("hello", ["protocol": Self.protocolVersion], timeout: spec.helloTimeout)
            .identity(speaking: Self.protocolVersion)
    }

    public func scan(timeout: Duration) async throws(DUTError) -> DUTScan {
        try await request(
            "scan", ["timeout_ms": Self.milliseconds(timeout)],
            timeout: spec.requestTimeout + timeout
        ).scan()
    }

    /// `duration` in whole milliseconds, as the protocol's `_ms` fields give it.
    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000)
            + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }

    public func read() async throws(DUTError) -> DUTRead {
        try await request("read", timeout: spec.requestTimeout).read()
    }

    public func write(_ ndef: [UInt8]) async throws(DUTError) {
        _ = try await request(
            "write", ["ndef": Hex.encode(ndef)],
            timeout: spec.requestTimeout)
    }

    public func backgroundDispatch() async throws(DUTError) -> String? {
        try await request("dispatch", timeout: spec.requestTimeout).dispatchedURL()
    }

    public func selectISO7816(_ aids: [ApplicationIdentifier]) async throws(DUTError)
        -> DUTSelection?
    {
        try await request(
            "select", ["aids": aids.map(\.description)], timeout: spec.requestTimeout
        ).selection(among: aids)
    }

    public func sendAPDU(_ apdu: [UInt8]) async throws(DUTError) -> [UInt8] {
        try await request("apdu", ["apdu": Hex.encode(apdu)], timeout: spec.requestTimeout)
            .responseAPDU()
    }

    /// Sends `op`, an operation the protocol does not have, as `nfcrig dut check` does:
    /// true when the DUT answered as the protocol asks (`"ok": false` with `"error":
    /// "unsupported"`), false when it answered `"ok": true`.
    ///
    /// - Throws: the DUT's other error, or what broke the exchange.
    public func probeUnknownOperation(_ op: String) async throws(DUTError) -> Bool {
        // `request` turns an answer with "ok": false into its error.
        do {
            _ = try await request(op, timeout: spec.requestTimeout)
            return false
        } catch {
            guard case .unsupported = error else { throw error }
            return true
        }
    }

    /// `nfcrig dut check`'s busy probe: a scan of `busy` that nfcrig stops waiting for after
    /// `patience`, then at once a scan of `next`, which must come back with its own id once
    /// the DUT is done with the first (whose late answer is dropped by its id, as in a run
    /// after a timeout). Returns the second scan.
    ///
    /// - Throws: the second scan's error; the first one's timeout is the probe's point.
    public func probeRequestWhileBusy(busy: Duration, patience: Duration, next: Duration)
        async throws(DUTError) -> DUTScan
    {
        do {
            _ = try await request(
                "scan", ["timeout_ms": Self.milliseconds(busy)], timeout: patience)
        } catch {
            // The DUT answered within the patience after all, or failed: either way the
            // next request is what the probe judges.
            switch error {
            case .timeout, .reader: break
            default: throw error
            }
        }
        return try await scan(timeout: next)
    }

    public func takeEvents() async -> [DUTEvent] {
        defer { events = [] }
        return events
    }

    public func close() async {
        child?.terminate()
        child = nil
    }

    func request(
        _ op: String, _ fields: [String: any Sendable] = [:], timeout: Duration
    ) async throws(DUTError) -> ProcessDUTAnswer {
        let running = try startedChild()
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "op": op]
        for (key, value) in fields { message[key] = value }
        do {
            try running.send(message)
        } catch {
            child = nil
            let exit = await running.exitReport()
            throw .exited(status: exit.status, stderr: exit.stderr)
        }
        let deadline = ContinuousClock.now + timeout
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            switch await running.lines.next(timeout: max(remaining, .zero)) {
            case .timedOut:
                throw .timeout(operation: op, after: timeout, stderr: running.stderrTail)
            case .endOfStream:
                child = nil
                let exit = await running.exitReport()
                throw .exited(status: exit.status, stderr: exit.stderr)
            case .line(let line):
                switch try ProcessDUTAnswer.received(line, expecting: id) {
                case .event(let name): events.append(DUTEvent(name: name, at: now(), detail: line))
                case .late: continue
                case .response(let answer): return answer
                }
            }
        }
    }

    private func startedChild() throws(DUTError) -> ProcessDUTChild {
        if let child, child.isRunning { return child }
        do {
            let started = try ProcessDUTChild(
                spec: spec, directory: directory, environment: environment,
                stderrLog: stderrLog)
            child = started
            return started
        } catch {
            throw .harness(
                "cannot start the DUT process \(spec.command.joined(separator: " ")): \(error)")
        }
    }
}
