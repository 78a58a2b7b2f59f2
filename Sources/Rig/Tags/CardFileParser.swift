import HexText
import TagEmulation
import TagFormat
import Yams

/// Reads a card file: the ISO/IEC 7816-4 applications an emulated Type 4 tag hosts beside
/// (or instead of) the NDEF application (`nfcrig emulate --card`, `nfcrig apdu
/// --sim-card`), strictly, every error naming the file, line and column:
///
/// ```yaml
/// applications:
///   - aid: A00000039656434103F01200   # 5 to 16 bytes
///     fci: 50075452414E534954         # the FCI's proprietary data (A5), optional
///     parts: 64                       # longer answers in parts with 61XX, optional
///     unmatched: 6D00                 # the SW for commands no rule matches (6D00)
///     rules:                          # the first that matches answers
///       - command: 906C0000           # CLA INS P1 P2; xx matches any byte
///         data: 0102                  # the whole data field, optional (any)
///         response: 00001000          # response data, optional
///         sw: 9000                    # optional (9000)
///         delay_ms: 300               # optional: the card asks for WTX meanwhile
///   - aid: F04E4643524947
///     loopback: true                  # echoes each command's data
/// ```
public struct CardFileParser: Sendable {
    /// The name used in error messages.
    public var fileName: String

    /// Creates a parser for the file named `fileName`.
    public init(fileName: String) { self.fileName = fileName }

    /// Parses YAML text into the applications, in file order.
    public func parse(_ text: String) throws(RigFileError) -> [ISO7816Application] {
        let nodes = RigFileParser(fileName: fileName)
        let top = try nodes.mapping(
            try nodes.compose(text), what: "the card file", keys: ["applications"])
        let list = try nodes.sequence(top.required("applications"), what: "applications")
        guard !list.isEmpty else {
            throw nodes.error(at: top.optional("applications"), "applications must not be empty")
        }
        var applications: [ISO7816Application] = []
        for (index, node) in list.enumerated() {
            let application = try self.application(node, index, nodes)
            if applications.contains(where: { $0.identifier == application.identifier }) {
                throw nodes.error(
                    at: node, "application \(application.identifier) appears twice")
            }
            applications.append(application)
        }
        return applications
    }

    private func application(_ node: Node, _ index: Int, _ nodes: RigFileParser)
        throws(RigFileError) -> ISO7816Application
    {
        let what = "applications[\(index)]"
        let entry = try nodes.mapping(
            node, what: what,
            keys: ["aid", "fci", "parts", "unmatched", "rules", "loopback"])
        let aidNode = try entry.required("aid")
        let aid: ApplicationIdentifier
        do {
            aid = try ApplicationIdentifier(hex: try nodes.string(aidNode, what: "aid"))
        } catch let error as RigFileError {
            throw error
        } catch {
            throw nodes.error(at: aidNode, "aid: \(error)")
        }
        var application = ISO7816Application(identifier: aid)
        if let fci = entry.optional("fci") {
            application.proprietaryData = try hex(fci, "fci", nodes)
        }
        if let parts = entry.optional("parts") {
            application.responsePartLength = try nodes.integer(parts, what: "parts", in: 1...65_536)
        }
        let loopback = try entry.optional("loopback").map { (node) throws(RigFileError) in
            try flag(node, "loopback", nodes)
        }
        let rules = entry.optional("rules")
        switch (loopback ?? false, rules) {
        case (true, let rules?):
            throw nodes.error(at: rules, "\(what): a loopback answers every command; no rules")
        case (true, nil):
            application.behaviour = .loopback
        case (false, nil):
            throw nodes.error(at: node, "\(what): give rules, or loopback: true")
        case (false, let rules?):
            let unmatched = try entry.optional("unmatched").map { (node) throws(RigFileError) in
                try statusWord(node, "unmatched", nodes)
            }
            application.behaviour = .responder(
                try nodes.sequence(rules, what: "rules").map { (rule) throws(RigFileError) in
                    try self.rule(rule, nodes)
                }, unmatched: unmatched ?? .insNotSupported)
        }
        return application
    }

    private func rule(_ node: Node, _ nodes: RigFileParser) throws(RigFileError) -> APDURule {
        let entry = try nodes.mapping(
            node, what: "a rule", keys: ["command", "data", "response", "sw", "delay_ms"])
        let commandNode = try entry.required("command")
        let text = try nodes.string(commandNode, what: "command")
        let digits = text.filter { !$0.isWhitespace }
        guard digits.count == 8 else {
            throw nodes.error(
                at: commandNode,
                "command: CLA INS P1 P2 in 8 hex digits (xx for any byte), not \"\(text)\"")
        }
        var header: [UInt8?] = []
        var rest = Substring(digits)
        while !rest.isEmpty {
            let pair = rest.prefix(2)
            rest = rest.dropFirst(2)
            if pair.lowercased() == "xx" {
                header.append(nil)
            } else if let byte = UInt8(pair, radix: 16) {
                header.append(byte)
            } else {
                throw nodes.error(at: commandNode, "command: \"\(pair)\" is no hex byte (or xx)")
            }
        }
        guard let instruction = header[1] else {
            throw nodes.error(at: commandNode, "command: the instruction byte cannot be xx")
        }
        let pattern = APDUPattern(
            cla: header[0], ins: instruction, p1: header[2], p2: header[3],
            data: try entry.optional("data").map { (node) throws(RigFileError) in
                try hex(node, "data", nodes)
            })
        var reply = APDUReply()
        if let response = entry.optional("response") {
            reply.data = try hex(response, "response", nodes)
        }
        if let sw = entry.optional("sw") { reply.statusWord = try statusWord(sw, "sw", nodes) }
        if let delay = entry.optional("delay_ms") {
            reply.delay = .milliseconds(try nodes.integer(delay, what: "delay_ms", in: 0...60_000))
        }
        return APDURule(pattern, reply)
    }

    private func hex(_ node: Node, _ what: String, _ nodes: RigFileParser) throws(RigFileError)
        -> [UInt8]
    {
        let text = try nodes.string(node, what: what)
        do {
            return try Hex.decode(text)
        } catch {
            throw nodes.error(at: node, "\(what): \(error)")
        }
    }

    private func statusWord(_ node: Node, _ what: String, _ nodes: RigFileParser)
        throws(RigFileError) -> StatusWord
    {
        let bytes = try hex(node, what, nodes)
        guard bytes.count == 2 else {
            throw nodes.error(at: node, "\(what): a status word is 2 bytes, not \(bytes.count)")
        }
        return StatusWord(sw1: bytes[0], sw2: bytes[1])
    }

    private func flag(_ node: Node, _ what: String, _ nodes: RigFileParser) throws(RigFileError)
        -> Bool
    {
        switch try nodes.string(node, what: what) {
        case "true": return true
        case "false": return false
        case let text: throw nodes.error(at: node, "\(what) must be true or false, not \"\(text)\"")
        }
    }
}
