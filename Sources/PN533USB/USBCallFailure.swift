/// A libusb call that failed, named so the message can say which step went wrong.
struct USBCallFailure: Error, Sendable, Hashable {
    /// The libusb function, e.g. `libusb_claim_interface`.
    var call: String
    /// What it returned.
    var error: USBError
}
