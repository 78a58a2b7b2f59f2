import ArgumentParser
import PN533USB

/// `nfcrig devices`: the PN533 readers on USB, each opened for its firmware version.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the PN533 readers on USB with their firmware versions.",
        discussion: """
            Opens each reader to read its firmware version, then releases it. A reader that \
            cannot be opened is listed with the reason and the fix. Exits 0 when the USB \
            bus could be searched (also when no reader is present), 1 when it could not.

            --udev-rules prints the udev rules that let a user who is not root open the \
            readers (the plugdev group, and whoever is logged in at the seat), as a file \
            with the commands that install it in its comments.

            \(CLIManual.examplesHeading)
              nfcrig devices
              nfcrig devices --json
              nfcrig devices --udev-rules
            """
    )

    @Flag(help: "Print one JSON object (schema nfcrig.devices/1) instead of a table.")
    var json = false

    @Flag(help: "Print the udev rules file for every reader nfcrig knows, and exit.")
    var udevRules = false

    func run() throws {
        if udevRules {
            print(Self.udevRulesFile, terminator: "")
            return
        }
        let survey = waitFor { await DeviceSurvey.take() }
        let report = DevicesReport(survey: survey)
        guard case .success = survey.listing else {
            // JSON readers want the failure in the object; people want it on stderr.
            if json { print(report.json()) } else { FileHandleOutput.standardError(report.text()) }
            throw ExitCode(1)
        }
        print(json ? report.json() : report.text())
    }

    /// The rules as a file: what it is for and how to install it in comments, so that the
    /// output can go straight to its place.
    static var udevRulesFile: String {
        """
        # \(PN533USBUdevRules.path): lets the plugdev group, and whoever is logged in at the
        # seat, open every PN533 reader nfcrig knows. To install it:
        #   nfcrig devices --udev-rules | sudo tee \(PN533USBUdevRules.path)
        #   sudo udevadm control --reload-rules && sudo udevadm trigger
        # then unplug and plug in the readers (or log in again for the group).

        """ + PN533USBUdevRules.contents
    }
}
