import Foundation
import Testing

@testable import Rig

@Suite struct RigFileParserTests {
    let parser = RigFileParser(fileName: "rig.yaml")

    @Test func theShippedSimulationRigParses() throws {
        let rig = try ShippedRigs.parse("sim.yaml")
        #expect(rig.name == "sim")
        #expect(rig.clock == .virtual)
        #expect(rig.emulators.map(\.id) == ["tag-a", "tag-b"])
        #expect(rig.dut == .reference(device: .sim))
        #expect(rig.repeatCount == 3)
        #expect(
            rig.suites.map(\.value) == [
                "ndef-read", "ndef-write", "multi-tag", "restart-polling", "chunked",
                "background-reading", "isodep-errors", "t2t-layout", "t4t-layout", "iso7816",
                "corenfc-session", "latency",
            ])
        #expect(rig.tolerances.restartPollingWindow == .milliseconds(450)...(.milliseconds(550)))
    }

    @Test func aProcessDUTOnAWallClockRigParses() throws {
        let rig = try parser.parse(
            """
            name: bench
            clock: wall
            emulators:
              - {id: tag-a, device: "usb:0"}
              - {id: tag-b, device: "usb:3:7"}
            dut:
              adapter: process
              command: [python3, bridge.py, --verbose]
              timeouts: {hello_ms: 1500, request_ms: 8000}
            """)
        #expect(rig.emulators.map(\.device) == [.usb(selector: "0"), .usb(selector: "3:7")])
        guard case .process(let spec) = rig.dut else {
            Issue.record("expected a process DUT")
            return
        }
        #expect(spec.command == ["python3", "bridge.py", "--verbose"])
        #expect(spec.helloTimeout == .milliseconds(1500))
        #expect(spec.requestTimeout == .seconds(8))
    }

    static let broken: [(String, String)] = [
        (
            "name: x\nemulators: [{id: a, device: sim}]\ndut: {adapter: reference, device: sim}\ncolour: red\n",
            "rig.yaml:4:1: unknown key \"colour\" in the rig file"
        ),
        (
            "name: x\nemulators: [{id: a, device: sim}]\n",
            "rig.yaml:1:1: missing key \"dut\""
        ),
        (
            "name: x\nemulators: [{id: a, device: sim}]\ndut: {adapter: reference, device: sim}\nrepeat: many\n",
            "rig.yaml:4:9: repeat must be a whole number, not \"many\""
        ),
        (
            "name: x\nemulators: [{id: a, device: sim}, {id: a, device: sim}]\ndut: {adapter: reference, device: sim}\n",
            "rig.yaml:2:35: emulator id \"a\" is used twice"
        ),
        (
            "name: x\nemulators: [{id: a, device: usb:0}]\ndut: {adapter: reference, device: sim}\n",
            "clock: virtual needs simulated chips"
        ),
        (
            "name: x\nemulators: [{id: a, device: sim}]\ndut: {adapter: telepathy}\n",
            "rig.yaml:3:16: adapter must be reference or process"
        ),
        (
            "name: x\nemulators: [{id: a, device: floppy}]\ndut: {adapter: reference, device: sim}\n",
            "rig.yaml:2:29: device must be sim, virtual-usb, or usb:"
        ),
        (
            "name: x\nemulators: [{id: a, device: \"usb:1:2:3\"}]\nclock: wall\ndut: {adapter: reference, device: sim}\n",
            "rig.yaml:2:29: device \"usb:1:2:3\""
        ),
        ("name: [x]\n", "rig.yaml:1:7: name must be a single value"),
        // Found by the `rig-file` fuzz target (issue 23): the error quoted the whole file
        // and named no line.
        (
            "name: x\nrepeat: 1\nrepeat: 2\n",
            "rig.yaml:2:1: YAML: keys used twice in one mapping: repeat"
        ),
        ("name: x\n  bad: indentation: here\n", "rig.yaml:2:"),
        ("", "rig.yaml: the file is empty"),
        (
            "name: x\nclock: wall\nemulators: [{id: a, device: sim}]\ndut: {adapter: process, command: []}\n",
            "rig.yaml:4:34: command needs at least the program to run"
        ),
        (
            "name: x\nemulators: [{id: a, device: sim}]\ndut: {adapter: process, command: [a]}\n",
            "a process DUT runs in real time: use clock: wall"
        ),
    ]

    @Test(arguments: broken)
    func brokenRigFilesAreRefusedWithFileLineAndColumn(_ yaml: String, _ expected: String) {
        parser.expectRefusal(yaml, expected)
    }
}

extension RigFileParserTests {
    @Test func theShippedSCL3711BenchRigParses() throws {
        let rig = try ShippedRigs.parse("scl3711-pair.yaml")
        #expect(rig.clock == .wall)
        #expect(rig.emulators.map(\.device) == [.usb(selector: "0")])
        #expect(rig.dut == .reference(device: .usb(selector: "1")))
    }
}

/// `suites:` entries that pair a suite with a profile of its own.
@Suite struct RigFileSuiteProfileTests {
    static func parse(_ suites: String) throws(RigFileError) -> RigFile {
        try RigFileParser(fileName: "r.yaml").parse(
            """
            name: r
            emulators:
              - {id: a, device: sim}
            dut: {adapter: reference, device: sim}
            suites:
            \(suites)
            """)
    }

    @Test func aSuiteNamedWithAProfileIsJudgedUnderItAndTheOthersUnderTheRigs() throws {
        let rig = try Self.parse("  - ndef-read\n  - {suite: restart-polling, profile: corenfc}")
        #expect(rig.suites.map(\.value) == ["ndef-read", "restart-polling"])
        #expect(rig.profile(forSuite: "restart-polling") == .coreNFC)
        #expect(rig.profile(forSuite: "ndef-read") == .nfcForum)
    }

    @Test func aSuiteNamedTwiceAnUnknownProfileAndAMissingOneAreErrorsAtTheirPlace() {
        let cases: [(String, String)] = [
            ("  - ndef-read\n  - {suite: ndef-read, profile: corenfc}", "r.yaml:7:5"),
            ("  - {suite: multi-tag, profile: android}", "android"),
            ("  - {suite: multi-tag}", "profile"),
            ("  - {suite: multi-tag, profile: corenfc, repeat: 2}", "repeat"),
        ]
        for (text, expected) in cases {
            #expect(throws: RigFileError.self, "\(text)") { try Self.parse(text) }
            do {
                _ = try Self.parse(text)
            } catch {
                #expect("\(error)".contains(expected), "\(error)")
            }
        }
    }
}
