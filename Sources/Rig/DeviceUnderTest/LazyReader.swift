import TagFormat

/// A reader that skips the work and answers anyway, around a real one: what a lazy or broken
/// adapter looks like from the harness. The conformance catalogue is run against each kind
/// (`ConformanceCatalog.lazyReaders`), and a case that passes one where the case needs the
/// work shows a judgement resting on the DUT's word instead of on the air.
public actor LazyReader: DeviceUnderTest {
    /// The work it skips.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Every request after `hello` is refused with the reader error `tagResponseError`.
        case refusesEverything = "refuses-everything"
        /// Every request after `hello` is answered `unsupported`.
        case unsupportedEverything = "unsupported-everything"
        /// Every scan finds no tag; every other request is refused with
        /// `readerTransceiveErrorTagNotConnected`.
        case reportsNoTags = "reports-no-tags"
        /// Scans for real, and reads every tag as a writable one holding no message, without
        /// reading it.
        case emptyMessage = "empty-message"
        /// Scans and reads for real; every write reports success without writing.
        case claimsWrites = "claims-writes"
        /// Scans for real; a tag reader session reports the first AID it was given as
        /// selected, without sending anything, and an APDU is answered 9000.
        case selectsFirstAID = "selects-first-aid"
        /// Scans for real, reads the first tag it meets for real, and reports that message
        /// for every later read without reading again (an adapter that caches).
        case replaysFirstRead = "replays-first-read"
        /// Scans for real but names the first tag it reports once for every tag it counted
        /// (`[a, a]` for tags a and b).
        case namesOneTag = "names-one-tag"
    }

    private let inner: any DeviceUnderTest
    private let kind: Kind
    private var firstRead: DUTRead?

    /// A lazy reader of `kind` around `inner`, which does whatever real work `kind` keeps.
    public init(_ kind: Kind, around inner: any DeviceUnderTest) {
        self.kind = kind
        self.inner = inner
    }

    public func hello() async throws(DUTError) -> DUTIdentity {
        var identity = try await inner.hello()
        identity.name = "lazy reader \(kind.rawValue) around \(identity.name)"
        return identity
    }

    public func scan(timeout: Duration) async throws(DUTError) -> DUTScan {
        try refuseIfIdle("scan")
        switch kind {
        case .reportsNoTags:
            return DUTScan(tags: [])
        case .namesOneTag:
            let scan = try await inner.scan(timeout: timeout)
            return DUTScan(tags: scan.tags.map { _ in scan.tags[0] })
        default:
            return try await inner.scan(timeout: timeout)
        }
    }

    public func read() async throws(DUTError) -> DUTRead {
        try refuseIfIdle("read")
        switch kind {
        case .emptyMessage:
            return DUTRead(status: .readWrite, capacity: 0x0800 - 2, ndef: [], records: [])
        case .replaysFirstRead:
            if let firstRead { return firstRead }
            let read = try await inner.read()
            firstRead = read
            return read
        default:
            return try await inner.read()
        }
    }

    public func write(_ ndef: [UInt8]) async throws(DUTError) {
        try refuseIfIdle("write")
        guard kind != .claimsWrites else { return }
        try await inner.write(ndef)
    }

    public func backgroundDispatch() async throws(DUTError) -> String? {
        try refuseIfIdle("dispatch")
        return try await inner.backgroundDispatch()
    }

    public func selectISO7816(_ aids: [ApplicationIdentifier]) async throws(DUTError)
        -> DUTSelection?
    {
        try refuseIfIdle("select")
        guard kind == .selectsFirstAID else { return try await inner.selectISO7816(aids) }
        return aids.first.map { DUTSelection(aid: $0) }
    }

    public func sendAPDU(_ apdu: [UInt8]) async throws(DUTError) -> [UInt8] {
        try refuseIfIdle("apdu")
        guard kind == .selectsFirstAID else { return try await inner.sendAPDU(apdu) }
        return [0x90, 0x00]
    }

    public func takeEvents() async -> [DUTEvent] { await inner.takeEvents() }

    public func close() async { await inner.close() }

    /// The refusal of the kinds that do nothing at all.
    private func refuseIfIdle(_ operation: String) throws(DUTError) {
        switch kind {
        case .refusesEverything:
            throw .reader(name: "tagResponseError", message: "lazy reader: \(operation) refused")
        case .unsupportedEverything:
            throw .unsupported(operation: operation)
        case .reportsNoTags where operation != "scan":
            throw .reader(
                name: "readerTransceiveErrorTagNotConnected", message: "lazy reader: no tag")
        default:
            break
        }
    }
}
