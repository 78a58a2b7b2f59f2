/// A reader chip told how its transmissions ended, each by the token it went out with: the
/// blocks of an APDU exchange need no completion closure (and its context) per frame.
protocol RFTransmissionListener: AnyObject, Sendable {
    /// The answer to (or the silence after) transmission `token`, on the field's executor.
    func transmissionEnded(_ token: Int, _ result: Result<AirFrame, RFField.Silence>)
}
