/// What a process DUT's adapter does on top of the reader stack it drives, as its `hello`
/// declares (`adapter_adds`): the cases these behaviours decide judge the adapter, not the
/// stack, and the report marks them so.
public enum AdapterBehaviour: String, Sendable, Hashable, Codable, CaseIterable {
    /// The adapter waits before polling again after several tags (the sample app's 500 ms).
    case restartDelay = "restart-delay"
    /// The adapter SELECTs the registered AIDs in order at discovery and refuses a SELECT of
    /// another, as a CoreNFC tag reader session does.
    case aidSelection = "aid-selection"
    /// The adapter reads neither tag after reporting several, as the sample app does.
    case multiTagRestraint = "multi-tag-restraint"
    /// The adapter names the stack's failures with CoreNFC's error names.
    case errorNames = "error-names"
    /// The adapter decides what it reports as the ISO 7816 tag's application data and
    /// historical bytes.
    case tagProperties = "tag-properties"
    /// The adapter maps NDEF onto the tag itself (Type 2 TLVs, Type 4 NDEF application, CC
    /// and NLEN), as over a stack with none, such as libnfc: every NDEF read and write is its
    /// procedure, not the stack's.
    case ndefMapping = "ndef-mapping"
}

/// Whether a DUT on the `corenfc` profile is CoreNFC alone or an app on it, as its `hello`
/// says (`behaves_as`): what Apple's sample apps do on top of CoreNFC (the 500 ms restart,
/// reading neither of several tags) is judged only of an app.
public enum CoreNFCRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// An app on CoreNFC, as the seed tutorials and Apple's sample are (the default).
    case app
    /// CoreNFC itself, without an app's habits.
    case framework
}
