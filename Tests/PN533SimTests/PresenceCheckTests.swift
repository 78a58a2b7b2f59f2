import PN533
import SimulatedRigSupport
import Testing

@testable import PN533Sim

/// Diagnose NumTst 06, the card presence test: R(NAK) on the air to an ISO-DEP card, which
/// answers R(ACK) while it is there; one status byte, 00 present, 01 once it has gone.
@Suite struct PresenceCheckTests {
    let rig = SimulatedRig(emulators: 0)

    /// An ISO-DEP card: answers RATS with an ATS, and any R(NAK) with R(ACK) of its block
    /// number (ISO/IEC 14443-4 rule 12); logs what it heard.
    func isoDEPCard() throws -> SoftwareTag {
        let identity = try TypeAIdentity(uid: [0x08, 1, 2, 3], sensRes: [0, 4], selRes: 0x20)
        return SoftwareTag(identity: identity) { frame in
            guard let payload = frame.payloadCheckingCRC, let pcb = payload.first else {
                return nil
            }
            if payload == [0xE0, 0x80] { return .withCRC([0x05, 0x78, 0x80, 0x70, 0x00]) }
            if pcb & 0xFE == 0xB2 { return .withCRC([0xA3]) }
            return nil
        }
    }

    func presence() async throws -> [UInt8] {
        try await rig.reader.command(.diagnose, [0x06])
    }

    /// The presence test's answers for `tag` listed, and after it left the rig.field.
    func presence(of tag: SoftwareTag) async throws -> (present: [UInt8], gone: [UInt8]) {
        let handle = await rig.field.enter(tag, identity: tag.identity)
        return try await rig.clock.participate {
            try await rig.reader.open()
            _ = try await rig.reader.listPassiveTargets()
            let present = try await presence()
            await rig.field.leave(handle)
            return (present, try await presence())
        }
    }

    @Test func anISODEPCardIsPresentWhileItAnswersTheRNAKAndGoneOnceItLeft() async throws {
        let card = try isoDEPCard()
        let (present, gone) = try await presence(of: card)
        #expect(present == [0x00])
        #expect(gone == [0x01])
        // The R(NAK) went on the air: PCB B2 (block number 0, no exchange yet) and CRC_A.
        #expect(card.events.contains("frame \(AirFrame.withCRC([0xB2]))"))
    }

    @Test func aCardWithoutISODEPIsPresentWhileStillSelected() async throws {
        let identity = try TypeAIdentity(uid: [0x08, 4, 5, 6], sensRes: [0, 0x44], selRes: 0)
        let (present, gone) = try await presence(of: SoftwareTag(identity: identity) { _ in nil })
        #expect(present == [0x00])
        #expect(gone == [0x01])
    }

    @Test func withoutATargetThePresenceTestIsNotAcceptable() async throws {
        let answer = try await rig.clock.participate {
            try await rig.reader.open()
            return try await presence()
        }
        #expect(answer == [0x27])
    }

    @Test func thereIsNoDiagnoseTest03() async throws {
        let error = await rig.clock.commandError(rig.reader, .diagnose, [0x03])
        #expect(error == .errorFrame(command: .diagnose))
    }
}
