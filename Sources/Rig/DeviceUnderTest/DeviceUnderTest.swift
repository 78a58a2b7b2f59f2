import NDEF
import TagFormat

/// The reader under test, whatever it is: nfcrig's reference reader on a PN533, or a reader
/// product behind a child process speaking JSON Lines (DESIGN §6). Conformance cases drive
/// it only through this protocol and judge it by what the emulators saw on the RF side.
public protocol DeviceUnderTest: Sendable {
    /// Introduces the DUT: its name and firmware version.
    func hello() async throws(DUTError) -> DUTIdentity
    /// Polls for tags for at most `timeout`.
    func scan(timeout: Duration) async throws(DUTError) -> DUTScan
    /// Reads the NDEF message of the tag in the field.
    func read() async throws(DUTError) -> DUTRead
    /// Writes an NDEF message (encoded) to the tag in the field.
    func write(_ ndef: [UInt8]) async throws(DUTError)
    /// The URL iOS-style background tag reading would open for the tag in the field, `nil`
    /// for none. DUTs without the feature throw `.unsupported`.
    func backgroundDispatch() async throws(DUTError) -> String?
    /// CoreNFC's tag reader session with ISO 7816 tags: SELECT each of `aids` on the tag in
    /// the field, in order, and report the first it answers; nil when it answers none (the
    /// tag is then not an ISO 7816 tag). DUTs without the feature throw `.unsupported`.
    func selectISO7816(_ aids: [ApplicationIdentifier]) async throws(DUTError) -> DUTSelection?
    /// `sendCommand(apdu:)` on the selected tag: its response APDU, data then SW1 SW2,
    /// whatever the status word. DUTs without the feature throw `.unsupported`.
    func sendAPDU(_ apdu: [UInt8]) async throws(DUTError) -> [UInt8]
    /// Begins CoreNFC's `NFCNDEFReaderSession` with the legacy `didDetectNDEFs` delegate and
    /// returns once it polls; the session runs on while the harness moves tags. DUTs without
    /// the feature throw `.unsupported`.
    func beginNDEFSession(invalidateAfterFirstRead: Bool) async throws(DUTError)
    /// What the session begun last reported, once it ended or `wait` passed.
    func ndefSession(waitingAtMost wait: Duration) async throws(DUTError) -> DUTSessionReport
    /// The user presses Cancel on the running session's sheet.
    func cancelSession() async throws(DUTError)
    /// The app calls `invalidate()` on the session of the last scan.
    func invalidateSession() async throws(DUTError)
    /// Events the DUT reported unasked since the last call, oldest first.
    func takeEvents() async -> [DUTEvent]
    /// Ends the session (stops the child process, releases the reader).
    func close() async
}

/// The DUT as it introduced itself.
public struct DUTIdentity: Sendable, Hashable, Codable {
    /// Its name.
    public var name: String
    /// Its firmware version.
    public var firmware: String
    /// Who runs ISO-DEP (ISO/IEC 14443-4) for it, when it said: its reader chip or its own
    /// software. Where the chip does, the chip's firmware answers the `isodep-errors` cases.
    public var isoDEP: ISODEPHandling?
    /// What its adapter adds on top of the reader stack, as it declared.
    public var adapterAdds: [AdapterBehaviour]
    /// Whether it behaves as an app on CoreNFC or as CoreNFC alone.
    public var behavesAs: CoreNFCRole

    /// Creates an identity.
    public init(
        name: String, firmware: String, isoDEP: ISODEPHandling? = nil,
        adapterAdds: [AdapterBehaviour] = [], behavesAs: CoreNFCRole = .app
    ) {
        self.name = name
        self.firmware = firmware
        self.isoDEP = isoDEP
        self.adapterAdds = adapterAdds
        self.behavesAs = behavesAs
    }

    private enum CodingKeys: String, CodingKey {
        case name, firmware, isoDEP, adapterAdds, behavesAs
    }

    /// Reads an identity; the adapter's behaviours and role may be absent (older reports).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        firmware = try container.decode(String.self, forKey: .firmware)
        isoDEP = try container.decodeIfPresent(ISODEPHandling.self, forKey: .isoDEP)
        adapterAdds =
            try container.decodeIfPresent([AdapterBehaviour].self, forKey: .adapterAdds) ?? []
        behavesAs = try container.decodeIfPresent(CoreNFCRole.self, forKey: .behavesAs) ?? .app
    }
}

/// Who runs a reader's ISO-DEP: the block protocol's error handling (R(NAK), S(WTX),
/// chaining, S(DESELECT)) belongs to whichever does.
public enum ISODEPHandling: String, Sendable, Hashable, Codable, CaseIterable {
    /// The reader chip, as a PN533 does in InDataExchange.
    case chip
    /// The reader's own software, sending raw frames (a PN533's InCommunicateThru).
    case host
}

/// What a scan found.
public struct DUTScan: Sendable, Hashable {
    /// The UIDs of the tags the DUT reported (hex), in its order.
    public var tags: [String]

    /// Creates a scan result.
    public init(tags: [String]) { self.tags = tags }
}

/// What a read returned: CoreNFC's `queryNDEFStatus` and `readNDEF` together.
public struct DUTRead: Sendable, Hashable {
    /// CoreNFC's NDEF status.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// The tag holds no NDEF.
        case notSupported
        /// The tag can be read and written.
        case readWrite
        /// The tag can only be read.
        case readOnly
    }

    /// The status.
    public var status: Status
    /// The largest message the tag holds, in bytes.
    public var capacity: Int
    /// The message's bytes as the DUT read them off the tag (nil when it read none).
    public var ndef: [UInt8]?
    /// The records the DUT's application decoded, in order, each as the application got it (a
    /// reader that does not reassemble chunks reports each chunk); nil when the DUT reports
    /// only bytes. Cases about decoded content judge these and nothing else.
    public var records: [NDEFRecord]?

    /// Creates a read result.
    public init(
        status: Status, capacity: Int, ndef: [UInt8]?, records: [NDEFRecord]? = nil
    ) {
        self.status = status
        self.capacity = capacity
        self.ndef = ndef
        self.records = records
    }
}

/// Something the DUT reported without being asked, with when the harness received it.
public struct DUTEvent: Sendable, Hashable {
    /// The event's name, e.g. `restart_polling`, `multiple_tags`.
    public var name: String
    /// When it arrived, on the rig's clock.
    public var at: Duration
    /// The raw line (process DUTs) or a description.
    public var detail: String

    /// Creates an event.
    public init(name: String, at: Duration, detail: String = "") {
        self.name = name
        self.at = at
        self.detail = detail
    }
}

/// Why a DUT request did not succeed.
public enum DUTError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The DUT answered with an error, by CoreNFC's name (e.g. `tagNotWritable`).
    case reader(name: String, message: String)
    /// The DUT does not offer this operation.
    case unsupported(operation: String)
    /// A line that breaks the protocol: not JSON, a wrong field, an unknown value.
    case protocolViolation(line: String, reason: String)
    /// No answer within the timeout; `stderr` is the end of what the DUT had written to its
    /// standard error by then (a hung reader often says why).
    case timeout(operation: String, after: Duration, stderr: String = "")
    /// The DUT process ended.
    case exited(status: Int32, stderr: String)
    /// The harness could not drive the DUT (device gone, process could not start).
    case harness(String)

    public var description: String {
        switch self {
        case .reader(let name, let message): "DUT error \(name): \(message)"
        case .unsupported(let operation): "the DUT does not support \(operation)"
        case .protocolViolation(let line, let reason): "protocol violation (\(reason)): \(line)"
        case .timeout(let operation, let after, let stderr):
            "no answer to \(operation) within \(after)"
                + (stderr.isEmpty ? "" : "; stderr ends: \(stderr)")
        case .exited(let status, let stderr):
            "the DUT process exited with status \(status)"
                + (stderr.isEmpty ? "" : "; stderr ends: \(stderr)")
        case .harness(let message): message
        }
    }
}
