import Testing

@testable import Rig

/// `profile:` in a rig file: whose rules the reader is judged by.
@Suite struct ReaderProfileTests {
    let parser = RigFileParser(fileName: "rig.yaml")

    static func rig(profile: String?) -> String {
        """
        name: t
        \(profile.map { "profile: \($0)" } ?? "")
        emulators:
          - {id: tag-a, device: sim}
        dut: {adapter: reference, device: sim}
        """
    }

    @Test func aRigWithoutAProfileIsJudgedByTheNFCForumsRules() throws {
        #expect(try parser.parse(Self.rig(profile: nil)).profile == .nfcForum)
    }

    @Test(arguments: ReaderProfile.allCases)
    func eachProfileIsReadByItsName(profile: ReaderProfile) throws {
        #expect(try parser.parse(Self.rig(profile: profile.rawValue)).profile == profile)
    }

    @Test func anUnknownProfileIsRefusedAtItsPlaceWithTheKnownNames() {
        parser.expectRefusal(
            Self.rig(profile: "emvco"),
            "rig.yaml:2:10: profile must be nfc-forum, iso14443, corenfc, not \"emvco\"")
    }
}
