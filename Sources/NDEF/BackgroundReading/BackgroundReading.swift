/// iOS background tag reading (DESIGN §5) as a pure function of the message read.
public enum BackgroundReading {
    /// Decides whether iOS dispatches a URL for `message`, which one and of what kind.
    ///
    /// Apple documents that the system uses the first record of TNF well-known and type "U".
    /// A top-level Smart Poster wraps such a record, and iOS shows Smart Poster tags as it
    /// shows URI tags; we let its URI stand in only when no top-level "U" comes before it
    /// (the first of the two in record order wins), so a message that leads with a plain
    /// URI record is always judged by that record, as Apple's rule says.
    public static func evaluate(_ message: NDEFMessage) -> BackgroundReadingVerdict {
        if message.isNotFromTagShape {
            return rejected(
                .notFromTag, at: nil, url: nil,
                "the message is one empty record: a user activity that did not come from a tag")
        }
        for (index, record) in message.records.enumerated() {
            if record.isWellKnown("U") {
                do throws(RTDError) {
                    return verdict(for: try URIRecord(record).uri, at: index, smartPoster: false)
                } catch {
                    return rejected(
                        .badURI, at: index, url: nil,
                        "record \(index): the URI record does not decode: \(error.message)")
                }
            }
            if record.isWellKnown("Sp") {
                do throws(RTDError) {
                    let uri = try SmartPosterRecord(record).uri.uri
                    return verdict(for: uri, at: index, smartPoster: true)
                } catch {
                    return rejected(
                        .badURI, at: index, url: nil,
                        "record \(index): the Smart Poster does not decode: \(error.message)")
                }
            }
        }
        return rejected(
            .noURIRecord, at: nil, url: nil,
            "no record is a URI record (TNF well-known, type \"U\") or a Smart Poster")
    }

    /// The kind of a URL iOS dispatches, or why it does not.
    public static func classify(_ url: String) -> Result<
        BackgroundURLKind, BackgroundReadingRejection
    > {
        let bytes = Array(url.utf8)
        guard let length = URIScheme.length(in: bytes) else { return .failure(.badURI) }
        let scheme = ASCIICase.lowercased(url.prefix(length))
        switch scheme {
        case "http", "https":
            guard let host = host(bytes[(length + 1)...]) else { return .failure(.badURI) }
            return .success(ASCIICase.equal(host, "maps.apple.com".utf8) ? .maps : .web)
        case "mailto": return .success(.mailto)
        case "sms": return .success(.sms)
        case "tel": return .success(.tel)
        case "facetime": return .success(.facetime)
        case "facetime-audio": return .success(.facetimeAudio)
        case "x-hm": return .success(.homekit)
        default: return .failure(.customScheme)
        }
    }

    /// The host of `//authority...` (userinfo and port dropped); nil when there is none.
    private static func host(_ rest: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard rest.starts(with: [0x2F, 0x2F]) else { return nil }
        let start = rest.startIndex + 2
        let end = rest[start...].firstIndex { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 }
        var authority = rest[start..<(end ?? rest.endIndex)]
        if let at = authority.lastIndex(of: 0x40) { authority = authority[(at + 1)...] }
        let host: ArraySlice<UInt8>
        if authority.first == 0x5B {
            host = authority[...(authority.firstIndex(of: 0x5D) ?? authority.endIndex - 1)]
        } else {
            host = authority.prefix { $0 != 0x3A }
        }
        return host.isEmpty ? nil : host
    }

    private static func verdict(
        for url: String, at index: Int, smartPoster: Bool
    ) -> BackgroundReadingVerdict {
        let source = smartPoster ? "record \(index) (a Smart Poster)" : "record \(index)"
        switch classify(url) {
        case .success(let kind):
            return BackgroundReadingVerdict(
                dispatch: true, recordIndex: index, viaSmartPoster: smartPoster, url: url,
                kind: kind, rejection: nil,
                reason: "\(source) holds a \(kind.rawValue) URL that iOS opens in \(kind.handler)")
        case .failure(let rejection):
            let why =
                rejection == .customScheme
                ? "its scheme \"\(url.prefix { $0 != ":" })\" is not one background reading "
                    + "dispatches"
                : "it has no scheme (or, for http/https, no host)"
            var verdict = rejected(rejection, at: index, url: url, "\(source): \"\(url)\": \(why)")
            verdict.viaSmartPoster = smartPoster
            return verdict
        }
    }

    private static func rejected(
        _ rejection: BackgroundReadingRejection, at index: Int?, url: String?, _ reason: String
    ) -> BackgroundReadingVerdict {
        BackgroundReadingVerdict(
            dispatch: false, recordIndex: index, viaSmartPoster: false, url: url, kind: nil,
            rejection: rejection, reason: reason)
    }
}
