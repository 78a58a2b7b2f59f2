import HexText

/// An ISO/IEC 7816-4 application identifier: the DF name a SELECT by name (P1 04) carries.
/// ISO/IEC 7816-5 builds it from a 5-byte registered application provider identifier (RID)
/// and up to 11 bytes of proprietary extension (PIX): 5 to 16 bytes.
public struct ApplicationIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The identifier's bytes.
    public let bytes: [UInt8]

    /// How many bytes an identifier has.
    public static let lengths = 5...16

    /// An identifier of `bytes`, 5 to 16 of them.
    public init(_ bytes: [UInt8]) throws(ApplicationIdentifierError) {
        guard Self.lengths.contains(bytes.count) else {
            throw .length(count: bytes.count, identifier: bytes)
        }
        self.bytes = bytes
    }

    /// An identifier whose length is known to be valid.
    private init(known bytes: [UInt8]) { self.bytes = bytes }

    /// An identifier written as hex digits (`A0000002471001`, spaces or colons between bytes
    /// allowed).
    public init(hex text: String) throws(ApplicationIdentifierError) {
        let bytes: [UInt8]
        do {
            bytes = try Hex.decode(text)
        } catch {
            throw .notHex(text: text, error)
        }
        try self.init(bytes)
    }

    /// The NFC Forum Type 4 Tag's NDEF Tag Application (mapping 2.0 and later).
    public static let ndefTagApplication = ApplicationIdentifier(known: Type4Tag.ndefApplicationAID)

    /// `00 A4 04 00 Lc AID 00`: SELECT by this name, first or only occurrence, asking for the
    /// FCI (Le 00), as CoreNFC's tag reader session sends it.
    public var selectCommand: CommandAPDU {
        // 5 to 16 data bytes and Le 256 always make a short APDU.
        try! CommandAPDU(
            ins: Type4Tag.Instruction.select.rawValue, p1: Type4Tag.selectByName,
            p2: Type4Tag.selectFirstOrOnly, data: bytes, le: 256)
    }

    public var description: String { Hex.encode(bytes, uppercase: true) }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}

/// Why bytes or text are no application identifier.
public enum ApplicationIdentifierError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Fewer than 5 or more than 16 bytes.
    case length(count: Int, identifier: [UInt8])
    /// Text that is not hex digits.
    case notHex(text: String, HexError)

    public var description: String {
        switch self {
        case .length(let count, let identifier):
            "an application identifier has 5 to 16 bytes; \(Hex.encode(identifier, uppercase: true)) has \(count)"
        case .notHex(let text, let error):
            "\(String(reflecting: text)) is no application identifier: \(error)"
        }
    }
}
