import Foundation
import Testing

/// `nfcrig apdu` as scripts see it: a tag reader session on a simulated card, every answer
/// printed whatever its status word, and the refusals.
@Suite struct APDUCommandLineTests {
    static let loopback = "F04E4643524947"

    @Test func theSessionSelectsTheFirstAIDTheCardHasAndPrintsEveryExchange() throws {
        let outcome = try NFCRigProcess.run([
            "apdu", "--rig", RigFixture.simRig, "--sim-loopback", Self.loopback,
            "--aid", "A0000000041010", "--aid", Self.loopback, "800100000301020300",
            "800100000301020301",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stdout.split(separator: "\n").map(String.init) == [
                "tag 08c143a1, historical bytes none",
                "selected F04E4643524947",
                "> 800100000301020300", "< 010203 9000 (ok)",
                "> 800100000301020301", "< 6c03 (wrong Le, exact length 3)",
            ])
    }

    @Test func aSelectOutsideTheListIsRefusedAsCoreNFCRefusesIt() throws {
        let outcome = try NFCRigProcess.run([
            "apdu", "--rig", RigFixture.simRig, "--sim-loopback", Self.loopback,
            "--aid", Self.loopback, "00A4040007A000000003101000",
        ])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasSuffix("> 00a4040007a000000003101000\n"))
        #expect(
            outcome.stderr.contains("error: readerErrorSecurityViolation: SELECT of A0000000031010")
        )
    }

    @Test func aCardWithoutTheAIDsOrAnEmptyFieldExitsOne() throws {
        let none = try NFCRigProcess.run([
            "apdu", "--rig", RigFixture.simRig, "--sim-loopback", Self.loopback,
            "--aid", "A0000000041010",
        ])
        #expect(none.status == 1)
        #expect(none.stderr.contains("answered none of A0000000041010"))
        let empty = try NFCRigProcess.run([
            "apdu", "--rig", RigFixture.simRig, "--aid", Self.loopback, "--timeout", "200ms",
        ])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("only --sim-loopback AID or --sim-card FILE puts a card"))
    }

    @Test func commandsThatAreNoAPDUsAndBadAIDsAreUsageErrors() throws {
        let trailing = try NFCRigProcess.run([
            "apdu", "--rig", RigFixture.simRig, "--aid", Self.loopback, "8001000003010203FF00",
        ])
        #expect(trailing.status == 2)
        #expect(
            trailing.stderr.contains(
                "command 1 8001000003010203FF00: not an APDU: trailingBytes at byte 9"))
        let noAID = try NFCRigProcess.run(["apdu", "--rig", RigFixture.simRig, "00A4"])
        #expect(noAID.status == 2)
        #expect(noAID.stderr.contains("give at least one --aid"))
        let short = try NFCRigProcess.run(["apdu", "--rig", RigFixture.simRig, "--aid", "A000"])
        #expect(short.status == 2)
        #expect(short.stderr.contains("--aid A000: an application identifier has 5 to 16 bytes"))
    }

    @Test func aCardFileOfferedInTheSimulatedFieldAnswersByItsRules() throws {
        let card = RigFixture.repositoryRoot.appendingPathComponent("Rigs/cards/transit.yaml")
        let outcome = try NFCRigProcess.run([
            "apdu", "--rig", RigFixture.simRig, "--sim-card", card.path,
            "--aid", "F04C4547414359", "80CA000000", "00C0000010",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[3].hasSuffix(" 6110 (16 more response bytes available)"))
        #expect(lines[5] == "< 404142434445464748494a4b4c4d4e4f 9000 (ok)")
        let fixture = try RigFixture()
        let broken = try fixture.write("card.yaml", "applications: []")
        let refused = try NFCRigProcess.run([
            "apdu", "--rig", RigFixture.simRig, "--sim-card", broken, "--aid", "F04C4547414359",
        ])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("card.yaml:1:15: applications must not be empty"))
    }
}
