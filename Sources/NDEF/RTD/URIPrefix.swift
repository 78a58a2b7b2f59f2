/// The URI identifier codes of the URI RTD (NFC Forum URI RTD 1.0, Table 3): one byte that
/// stands for a common URI prefix. Codes 0x24–0xFF are reserved (RFU).
public enum URIPrefix: UInt8, Sendable, Hashable, CaseIterable {
    /// No prefix: the URI field holds the whole URI.
    case noPrefix = 0x00
    /// `http://www.`
    case httpWWW = 0x01
    /// `https://www.`
    case httpsWWW = 0x02
    /// `http://`
    case http = 0x03
    /// `https://`
    case https = 0x04
    /// `tel:`
    case tel = 0x05
    /// `mailto:`
    case mailto = 0x06
    /// `ftp://anonymous:anonymous@`
    case ftpAnonymous = 0x07
    /// `ftp://ftp.`
    case ftpFTP = 0x08
    /// `ftps://`
    case ftps = 0x09
    /// `sftp://`
    case sftp = 0x0A
    /// `smb://`
    case smb = 0x0B
    /// `nfs://`
    case nfs = 0x0C
    /// `ftp://`
    case ftp = 0x0D
    /// `dav://`
    case dav = 0x0E
    /// `news:`
    case news = 0x0F
    /// `telnet://`
    case telnet = 0x10
    /// `imap:`
    case imap = 0x11
    /// `rtsp://`
    case rtsp = 0x12
    /// `urn:`
    case urn = 0x13
    /// `pop:`
    case pop = 0x14
    /// `sip:`
    case sip = 0x15
    /// `sips:`
    case sips = 0x16
    /// `tftp:`
    case tftp = 0x17
    /// `btspp://`
    case btspp = 0x18
    /// `btl2cap://`
    case btl2cap = 0x19
    /// `btgoep://`
    case btgoep = 0x1A
    /// `tcpobex://`
    case tcpobex = 0x1B
    /// `irdaobex://`
    case irdaobex = 0x1C
    /// `file://`
    case file = 0x1D
    /// `urn:epc:id:`
    case urnEPCID = 0x1E
    /// `urn:epc:tag:`
    case urnEPCTag = 0x1F
    /// `urn:epc:pat:`
    case urnEPCPat = 0x20
    /// `urn:epc:raw:`
    case urnEPCRaw = 0x21
    /// `urn:epc:`
    case urnEPC = 0x22
    /// `urn:nfc:`
    case urnNFC = 0x23

    /// The prefix this code stands for ("" for `noPrefix`).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The prefix that abbreviates the most of `uri` (`noPrefix` when none matches), which
    /// is what an encoder should write.
    public static func longestMatch(for uri: String) -> URIPrefix {
        var best = URIPrefix.noPrefix
        for prefix in allCases where prefix.bytes.count > best.bytes.count {
            if uri.utf8.starts(with: prefix.bytes) { best = prefix }
        }
        return best
    }

    /// The prefix's UTF-8 bytes, from static storage so that decoding copies them only once.
    var bytes: UnsafeRawBufferPointer {
        let text = staticText
        return UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    private var staticText: StaticString {
        switch self {
        case .noPrefix: ""
        case .httpWWW: "http://www."
        case .httpsWWW: "https://www."
        case .http: "http://"
        case .https: "https://"
        case .tel: "tel:"
        case .mailto: "mailto:"
        case .ftpAnonymous: "ftp://anonymous:anonymous@"
        case .ftpFTP: "ftp://ftp."
        case .ftps: "ftps://"
        case .sftp: "sftp://"
        case .smb: "smb://"
        case .nfs: "nfs://"
        case .ftp: "ftp://"
        case .dav: "dav://"
        case .news: "news:"
        case .telnet: "telnet://"
        case .imap: "imap:"
        case .rtsp: "rtsp://"
        case .urn: "urn:"
        case .pop: "pop:"
        case .sip: "sip:"
        case .sips: "sips:"
        case .tftp: "tftp:"
        case .btspp: "btspp://"
        case .btl2cap: "btl2cap://"
        case .btgoep: "btgoep://"
        case .tcpobex: "tcpobex://"
        case .irdaobex: "irdaobex://"
        case .file: "file://"
        case .urnEPCID: "urn:epc:id:"
        case .urnEPCTag: "urn:epc:tag:"
        case .urnEPCPat: "urn:epc:pat:"
        case .urnEPCRaw: "urn:epc:raw:"
        case .urnEPC: "urn:epc:"
        case .urnNFC: "urn:nfc:"
        }
    }
}
