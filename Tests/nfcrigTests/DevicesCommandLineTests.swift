import Foundation
import PN533USB
import Testing

@Suite struct DevicesCommandLineTests {
    @Test func theUdevRulesOptionPrintsARulesFileForEveryKnownReader() throws {
        let outcome = try NFCRigProcess.run(["devices", "--udev-rules"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n")
        // Everything but the rules is a comment, so the output can be the file itself.
        let rules = lines.filter { !$0.hasPrefix("#") }
        #expect(rules.count == PN533USBModel.known.count)
        for model in PN533USBModel.known {
            let ids = model.ids.split(separator: ":")
            #expect(
                rules.contains {
                    $0.contains("ATTR{idVendor}==\"\(ids[0])\"")
                        && $0.contains("ATTR{idProduct}==\"\(ids[1])\"")
                }, "\(model.name)")
        }
        #expect(
            lines.contains("#   nfcrig devices --udev-rules | sudo tee \(PN533USBUdevRules.path)"))
    }
}
