import TagFormat

/// What a Type 4 emulator's card answers APDUs with: the NDEF Tag Application and the ISO/IEC
/// 7816-4 applications hosted beside it, each selected by name (SELECT, P1 04), as a
/// multi-application card's dispatcher does (ISO/IEC 7816-4 §5.3.1).
///
/// SELECT by an application's identifier selects it; any other name goes to the NDEF Tag
/// Application, which answers its own names (or 6A82 when unformatted, as a card without it
/// does) and 6A82 for the rest. A failed SELECT leaves the selection as it was. While one of
/// the hosted applications is selected, it answers every other command; GET RESPONSE (INS
/// C0) fetches the rest of an answer it gave in parts, and anything else drops that rest.
public struct ISO7816Card: Sendable, Hashable {
    /// The NDEF Tag Application (unformatted on a card that has none).
    public internal(set) var ndef: Type4TagApplication
    /// The applications hosted beside it.
    public let applications: [ISO7816Application]
    /// The hosted application selected now; nil while the NDEF application (or nothing) is.
    public internal(set) var selectedApplication: ApplicationIdentifier?
    /// The part of an answer GET RESPONSE has still to fetch.
    public internal(set) var pendingResponse: [UInt8] = []
    /// The status word the answer in parts ends with.
    var pendingStatusWord = StatusWord.ok

    /// GET RESPONSE's instruction byte.
    public static let getResponse: UInt8 = 0xC0

    /// A card with the NDEF Tag Application only.
    public init(ndef: Type4TagApplication) {
        self.ndef = ndef
        applications = []
    }

    /// A card of `ndef` and `applications`, whose identifiers must differ from each other and
    /// from the NDEF application's names.
    public init(ndef: Type4TagApplication, applications: [ISO7816Application])
        throws(TagEmulationError)
    {
        var seen: Set<ApplicationIdentifier> = []
        for application in applications {
            let name = application.identifier
            guard seen.insert(name).inserted,
                ![Type4Tag.ndefApplicationAID, Type4Tag.ndefApplicationAIDVersion1].contains(
                    name.bytes)
            else { throw .duplicateApplication(name.bytes) }
        }
        self.ndef = ndef
        self.applications = applications
    }

    /// The answer to one command APDU, as bytes: response data, SW1, SW2.
    public mutating func respond(to apdu: [UInt8]) -> [UInt8] {
        if let select = Self.selectByName(apdu) {
            if let index = applications.firstIndex(where: { $0.identifier.bytes == select.data }) {
                return self.select(index, select).encoded()
            }
            let answer = ndef.respond(to: apdu)
            if answer.suffix(2) == [0x90, 0x00] {
                selectedApplication = nil
                pendingResponse = []
            }
            return answer
        }
        guard let application = selected else { return ndef.respond(to: apdu) }
        guard let command = try? CommandAPDU(decoding: apdu) else {
            pendingResponse = []
            return ResponseAPDU(statusWord: .wrongLength).encoded()
        }
        if command.ins == Self.getResponse {
            return getResponse(command, partLength: application.responsePartLength).encoded()
        }
        pendingResponse = []
        let response = application.answer(command)
        return inParts(response, partLength: application.responsePartLength).encoded()
    }

    /// How long the card works on `apdu` before it answers: a slow rule's delay.
    public func delay(for apdu: [UInt8]) -> Duration {
        guard Self.selectByName(apdu) == nil, let application = selected,
            let command = try? CommandAPDU(decoding: apdu)
        else { return .zero }
        return application.delay(for: command)
    }

    /// The card left the ISO-DEP state (DESELECT, field loss): nothing stays selected.
    public mutating func deselect() {
        ndef.deselect()
        selectedApplication = nil
        pendingResponse = []
    }

    /// The hosted application selected now.
    private var selected: ISO7816Application? {
        guard let selectedApplication else { return nil }
        return applications.first { $0.identifier == selectedApplication }
    }

    /// `apdu` decoded when it is a SELECT by DF name (its data the name); nil for any other
    /// command, or one that does not decode.
    private static func selectByName(_ apdu: [UInt8]) -> CommandAPDU? {
        guard apdu.count >= 4, apdu[1] == Type4Tag.Instruction.select.rawValue,
            apdu[2] == Type4Tag.selectByName, let command = try? CommandAPDU(decoding: apdu)
        else { return nil }
        return command
    }

    /// SELECT of hosted application `index`.
    private mutating func select(_ index: Int, _ command: CommandAPDU) -> ResponseAPDU {
        guard command.cla == 0x00 else { return ResponseAPDU(statusWord: .claNotSupported) }
        guard [Type4Tag.selectFirstOrOnly, Type4Tag.selectNoResponseData].contains(command.p2)
        else { return ResponseAPDU(statusWord: .incorrectP1P2) }
        ndef.deselect()
        pendingResponse = []
        selectedApplication = applications[index].identifier
        return applications[index].selected(p2: command.p2, carriesLe: command.le != nil)
    }

    /// `response` as it leaves the card: whole, or its first part with 61XX and the rest kept
    /// for GET RESPONSE.
    private mutating func inParts(_ response: ResponseAPDU, partLength: Int?) -> ResponseAPDU {
        guard let partLength, response.data.count > partLength else { return response }
        pendingResponse = Array(response.data[partLength...])
        pendingStatusWord = response.statusWord
        return ResponseAPDU(
            data: Array(response.data[..<partLength]), statusWord: Self.bytesLeft(pendingResponse))
    }

    /// GET RESPONSE: the next part of the pending answer, as much as Le asks and a part holds.
    private mutating func getResponse(_ command: CommandAPDU, partLength: Int?)
        -> ResponseAPDU
    {
        guard command.p1p2 == 0 else { return ResponseAPDU(statusWord: .incorrectP1P2) }
        guard !pendingResponse.isEmpty else {
            return ResponseAPDU(statusWord: .conditionsNotSatisfied)
        }
        let count = min(command.le ?? 256, partLength ?? Int.max, pendingResponse.count)
        let part = Array(pendingResponse.prefix(count))
        pendingResponse.removeFirst(count)
        return ResponseAPDU(
            data: part,
            statusWord: pendingResponse.isEmpty
                ? pendingStatusWord : Self.bytesLeft(pendingResponse))
    }

    /// 61XX: XX bytes left, 00 for 256 or more.
    private static func bytesLeft(_ rest: [UInt8]) -> StatusWord {
        .bytesAvailable(rest.count >= 256 ? 0 : UInt8(rest.count))
    }
}
