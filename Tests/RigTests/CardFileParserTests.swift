import Foundation
import Rig
import TagEmulation
import TagFormat
import Testing

/// Card files: the applications an emulated Type 4 tag hosts, read strictly.
@Suite struct CardFileParserTests {
    let parser = CardFileParser(fileName: "card.yaml")

    @Test func theShippedTransitCardHasItsThreeApplications() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Rigs/cards/transit.yaml")
        let applications = try CardFileParser(fileName: "transit.yaml").parse(
            String(contentsOf: url, encoding: .utf8))
        #expect(
            applications.map(\.identifier.description) == [
                "A00000039656434103F01200", "F04C4547414359", "F04E4643524947",
            ])
        #expect(applications[0].proprietaryData == Array("\u{50}\u{07}TRANSIT".utf8))
        guard case .responder(let rules, let unmatched) = applications[0].behaviour else {
            Issue.record("the transit application is a responder")
            return
        }
        #expect(rules.count == 2)
        #expect(rules[1].reply == APDUReply(data: [1, 2], delay: .milliseconds(300)))
        #expect(unmatched == .insNotSupported)
        #expect(applications[1].responsePartLength == 64)
        #expect(applications[2].behaviour == .loopback)
    }

    @Test func aRuleMatchesAnyByteWrittenXXAndItsDataWhenGiven() throws {
        let applications = try parser.parse(
            """
            applications:
              - aid: A0000000031010
                rules:
                  - command: 80CAxx36
                    data: "01"
                    sw: 6A88
            """)
        guard case .responder(let rules, _) = applications[0].behaviour else {
            Issue.record("a responder")
            return
        }
        let pattern = rules[0].pattern
        #expect(pattern == APDUPattern(cla: 0x80, ins: 0xCA, p1: nil, p2: 0x36, data: [1]))
        #expect(rules[0].reply.statusWord == StatusWord(rawValue: 0x6A88))
    }

    @Test(arguments: [
        ("applications: []", "card.yaml:1:15: applications must not be empty"),
        (
            "applications:\n  - aid: A000\n    loopback: true",
            "card.yaml:2:10: aid: an application identifier has 5 to 16 bytes; A000 has 2"
        ),
        (
            "applications:\n  - aid: A0000000031010\n    rules:\n      - command: 80CA9F",
            "card.yaml:4:18: command: CLA INS P1 P2 in 8 hex digits (xx for any byte), not \"80CA9F\""
        ),
        (
            "applications:\n  - aid: A0000000031010\n    rules:\n      - command: 80xx9F36",
            "card.yaml:4:18: command: the instruction byte cannot be xx"
        ),
        (
            "applications:\n  - aid: A0000000031010\n    loopback: true\n    rules: []",
            "card.yaml:4:12: applications[0]: a loopback answers every command; no rules"
        ),
        (
            "applications:\n  - aid: A0000000031010\n    loopback: true\n  - aid: a0000000031010\n    loopback: true",
            "card.yaml:4:5: application A0000000031010 appears twice"
        ),
        (
            "applications:\n  - aid: A0000000031010\n    rules:\n      - command: 80CA9F36\n        sw: 90",
            "card.yaml:5:13: sw: a status word is 2 bytes, not 1"
        ),
        (
            "applications:\n  - aid: A0000000031010\n    colour: red",
            "card.yaml:3:5: unknown key \"colour\" in applications[0]; expected one of aid, fci, loopback, parts, rules, unmatched"
        ),
    ])
    func aBrokenCardFileIsRefusedAtItsPlace(_ text: String, _ message: String) {
        #expect(throws: (any Error).self) { try parser.parse(text) }
        do {
            _ = try parser.parse(text)
        } catch {
            #expect(error.description == message)
        }
    }
}
