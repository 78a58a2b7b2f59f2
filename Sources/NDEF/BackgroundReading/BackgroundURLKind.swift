/// The kinds of URL iOS background tag reading dispatches (DESIGN §5).
public enum BackgroundURLKind: String, Sendable, Hashable, CaseIterable {
    /// `http:` / `https:`: a universal-link candidate; without an app the browser opens it.
    case web
    /// `mailto:`.
    case mailto
    /// `sms:`.
    case sms
    /// `tel:`.
    case tel
    /// `facetime:`.
    case facetime
    /// `facetime-audio:`.
    case facetimeAudio
    /// `http(s)://maps.apple.com/...`.
    case maps
    /// `X-HM://` HomeKit setup codes (scheme in any case).
    case homekit

    /// What iOS hands the URL to, for reasons and reports.
    public var handler: String {
        switch self {
        case .web: "the app of its universal link, else the browser"
        case .mailto: "Mail"
        case .sms: "Messages"
        case .tel: "Phone"
        case .facetime: "FaceTime"
        case .facetimeAudio: "FaceTime audio"
        case .maps: "Maps"
        case .homekit: "Home"
        }
    }
}
