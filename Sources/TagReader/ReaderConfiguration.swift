/// How an `NFCReferenceReader` polls and talks to tags.
public struct ReaderConfiguration: Sendable, Hashable {
    /// How long after detecting several tags, or a failed read, polling restarts (the
    /// CoreNFC sample app waits 500 ms before `restartPolling()`).
    public var restartPollingDelay: Duration
    /// Deliberate misbehaviour; `.none` for the reference behaviour.
    public var faults: ReaderFaults
    /// RFConfiguration item 05 MxRtyPassiveActivation: REQAs per InListPassiveTarget beyond
    /// the first, so that each poll command returns soon and the timeout is checked often.
    public var passiveActivationRetries: UInt8
    /// How long the field stays off to reset a card before polling anew (ISO/IEC 14443-3
    /// t_RESET, 5 ms).
    public var fieldResetTime: Duration
    /// How many tags polling counts at most before reporting `multipleTags`.
    public var maximumTagsCounted: Int
    /// The host's timeout for one tag exchange (it must cover the waiting time extensions
    /// a Type 4 Tag may ask for).
    public var exchangeTimeout: Duration
    /// How many events `NFCReferenceReader.events` keeps for a slow consumer (the newest).
    public var eventBufferSize: Int
    /// RFConfiguration item 04 MaxRtyCOM: how often the chip's InDataExchange recovers a
    /// lost or damaged ISO-DEP answer with R(NAK); NFC Forum Digital allows two
    /// retransmissions.
    public var isoDEPRecoveries: UInt8

    /// The reference behaviour: 500 ms restart delay, no faults.
    public init(
        restartPollingDelay: Duration = .milliseconds(500), faults: ReaderFaults = .none,
        passiveActivationRetries: UInt8 = 1, fieldResetTime: Duration = .milliseconds(5),
        maximumTagsCounted: Int = 8,
        exchangeTimeout: Duration = .seconds(5), eventBufferSize: Int = 1024,
        isoDEPRecoveries: UInt8 = 2
    ) {
        self.isoDEPRecoveries = isoDEPRecoveries
        self.restartPollingDelay = restartPollingDelay
        self.faults = faults
        self.passiveActivationRetries = passiveActivationRetries
        self.fieldResetTime = fieldResetTime
        self.maximumTagsCounted = maximumTagsCounted
        self.exchangeTimeout = exchangeTimeout
        self.eventBufferSize = eventBufferSize
    }

    /// The delay polling actually restarts after: the fault's, if set.
    public var effectiveRestartDelay: Duration {
        faults.restartDelay ?? restartPollingDelay
    }
}
