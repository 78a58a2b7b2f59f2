import ArgumentParser

/// `nfcrig devices`: the PN533 readers on USB, each opened for its firmware version.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the PN533 readers on USB with their firmware versions.",
        discussion: """
            Opens each reader to read its firmware version, then releases it. A reader that \
            cannot be opened is listed with the reason and the fix. Exits 0 when the USB \
            bus could be searched (also when no reader is present), 1 when it could not.
            """
    )

    @Flag(help: "Print one JSON object (schema nfcrig.devices/1) instead of a table.")
    var json = false

    func run() throws {
        let survey = waitFor { await DeviceSurvey.take() }
        let report = DevicesReport(survey: survey)
        guard case .success = survey.listing else {
            // JSON readers want the failure in the object; people want it on stderr.
            if json { print(report.json()) } else { FileHandleOutput.standardError(report.text()) }
            throw ExitCode(1)
        }
        print(json ? report.json() : report.text())
    }
}
