import Foundation
import Testing

@testable import nfcrig

/// `virtual_usb` in apdu.json names its fields as the rest of the file does.
@Suite struct VirtualUSBReadSectionTests {
    @Test func theSectionEncodesItsFiguresInSnakeCase() throws {
        let section = VirtualUSBReadSection(
            messageBytes: 4096, nfcrigSeconds: [0.44, 0.45], nfcpySeconds: [0.84, 0.86],
            nfcpyMissing: nil, nfcrigMedianSeconds: 0.445, nfcpyMedianSeconds: 0.85,
            nfcpyOverNfcrig: 0.85 / 0.445)
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(section))
                as? [String: Any])
        #expect(
            Set(json.keys) == [
                "message_bytes", "nfcrig_seconds", "nfcpy_seconds", "nfcrig_median_seconds",
                "nfcpy_median_seconds", "nfcpy_over_nfcrig",
            ])
        #expect(json["message_bytes"] as? Int == 4096)
        #expect(json["nfcpy_seconds"] as? [Double] == [0.84, 0.86])
    }

    @Test func theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        #expect(VirtualUSBReadComparison.Outcome.median([4, 1, 3, 2]) == 2.5)
        #expect(VirtualUSBReadComparison.Outcome.median([3, 1, 2]) == 2)
        #expect(VirtualUSBReadComparison.Outcome.median([]) == nil)
    }
}
