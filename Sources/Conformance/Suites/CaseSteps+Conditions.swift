import Rig
import TagEmulation

/// What a timed read, write or APDU moved, for its series' `MeasurementConditions`: the
/// report plots a sample against its size and the air's limit at its tag type and bit rate.
extension CaseSteps {
    /// The tag type of the one tag in the field (`type2`, `type4`), nil when there is not
    /// exactly one or it keeps no memory.
    static func tagTypeInField(_ context: CaseContext) async -> String? {
        guard let slot = await RFObservations.soleSlotInField(context),
            let history = await slot.writeHistory()
        else { return nil }
        return switch history.storage {
        case .type4File: "type4"
        case .type2Memory: "type2"
        }
    }

    /// The bit rate the rig's tags are presented at; nil when the rig offers several (a
    /// measurement would not know which it ran at).
    static func bitRate(_ context: CaseContext) -> Int? {
        let rates = context.rig.typeABitRatesKbps
        return rates.count == 1 ? rates[0] : nil
    }

    /// The conditions of a read or write of a `bytes`-byte NDEF message on the tag in the
    /// field.
    static func messageConditions(_ context: CaseContext, bytes: Int) async
        -> MeasurementConditions
    {
        MeasurementConditions(
            messageBytes: bytes, tagType: await tagTypeInField(context),
            bitRateKbps: bitRate(context))
    }

    /// The conditions of a scan of the one tag in the field.
    static func detectConditions(_ context: CaseContext) async -> MeasurementConditions {
        MeasurementConditions(
            tagType: await tagTypeInField(context), bitRateKbps: bitRate(context))
    }

    /// The conditions of an APDU round trip on a Type 4 tag.
    static func apduConditions(_ context: CaseContext, command: Int, response: Int)
        -> MeasurementConditions
    {
        MeasurementConditions(
            commandBytes: command, responseBytes: response, tagType: "type4",
            bitRateKbps: bitRate(context))
    }
}
