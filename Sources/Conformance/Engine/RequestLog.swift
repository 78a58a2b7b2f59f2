import Rig
import TagFormat

/// The DUT as the cases see it: every request passes through to the DUT it wraps, and its
/// operation's name in the DUT protocol (`scan`, `read`, `write`, `dispatch`, `select`,
/// `apdu`, `begin_session`, `session`, `cancel`, `invalidate`) is written down in order.
/// Every requirement of `DeviceUnderTest` is forwarded here: one left to the protocol's
/// default would answer `unsupported` in the DUT's place. The runner takes the names after a case's first
/// repetition (`CaseResult.requests`), and the catalogue lists them per case
/// (docs/suites.md), from a run, so that the order an adapter sees cannot drift from the
/// cases.
actor RequestLog: DeviceUnderTest {
    private let inner: any DeviceUnderTest
    private var names: [String] = []

    init(_ inner: any DeviceUnderTest) { self.inner = inner }

    /// The names written down since the last call, oldest first.
    func take() -> [String] {
        defer { names = [] }
        return names
    }

    func hello() async throws(DUTError) -> DUTIdentity {
        names.append("hello")
        return try await inner.hello()
    }

    func scan(timeout: Duration) async throws(DUTError) -> DUTScan {
        names.append("scan")
        return try await inner.scan(timeout: timeout)
    }

    func read() async throws(DUTError) -> DUTRead {
        names.append("read")
        return try await inner.read()
    }

    func write(_ ndef: [UInt8]) async throws(DUTError) {
        names.append("write")
        try await inner.write(ndef)
    }

    func backgroundDispatch() async throws(DUTError) -> String? {
        names.append("dispatch")
        return try await inner.backgroundDispatch()
    }

    func selectISO7816(_ aids: [ApplicationIdentifier]) async throws(DUTError) -> DUTSelection? {
        names.append("select")
        return try await inner.selectISO7816(aids)
    }

    func sendAPDU(_ apdu: [UInt8]) async throws(DUTError) -> [UInt8] {
        names.append("apdu")
        return try await inner.sendAPDU(apdu)
    }

    func beginNDEFSession(invalidateAfterFirstRead: Bool) async throws(DUTError) {
        names.append("begin_session")
        try await inner.beginNDEFSession(invalidateAfterFirstRead: invalidateAfterFirstRead)
    }

    func ndefSession(waitingAtMost wait: Duration) async throws(DUTError) -> DUTSessionReport {
        names.append("session")
        return try await inner.ndefSession(waitingAtMost: wait)
    }

    func cancelSession() async throws(DUTError) {
        names.append("cancel")
        try await inner.cancelSession()
    }

    func invalidateSession() async throws(DUTError) {
        names.append("invalidate")
        try await inner.invalidateSession()
    }

    func takeEvents() async -> [DUTEvent] { await inner.takeEvents() }

    func close() async { await inner.close() }
}
