import PN533
import PacketTrace
import SimulatedRigSupport
import Testing

@testable import PN533Sim

/// InCommunicateThru puts REQA, WUPA, ANTICOLLISION and SELECT on the air for every card,
/// as a PN533's raw mode does (libnfc's nfc-anticol): the cards answer from their ISO/IEC
/// 14443-3 state.
@Suite struct RawAnticollisionTests {
    let rig = SimulatedRig(emulators: 0)

    /// A Type 2 card (SENS_RES 00 44, 4-byte UID) that answers READ with 16 bytes.
    func card(uid: [UInt8]) throws -> SoftwareTag {
        let identity = try TypeAIdentity(uid: uid, sensRes: [0x00, 0x44], selRes: 0x00)
        return SoftwareTag(identity: identity) { frame in
            frame.payloadCheckingCRC?.first == 0x30 ? .withCRC(Array(0..<16)) : nil
        }
    }

    /// Raw mode as nfc-anticol sets it: no CRC either way, the host appends it to SELECT.
    func raw() async throws {
        try await rig.reader.open()
        try await rig.reader.setRF(field: true)
        try await rig.reader.writeRegisters([
            (CIURegister.txMode, 0x00), (CIURegister.rxMode, 0x00),
        ])
    }

    /// A 7-bit frame (REQA, WUPA) and its answer, nil when none came.
    func shortFrame(_ byte: UInt8) async throws -> [UInt8]? {
        try await rig.reader.writeRegisters([(CIURegister.bitFraming, 0x07)])
        let answer = try? await rig.reader.communicateThru([byte])
        try await rig.reader.writeRegisters([(CIURegister.bitFraming, 0x00)])
        return answer
    }

    @Test func oneCardIsWokenResolvedAndSelectedWithRawFrames() async throws {
        let uid: [UInt8] = [0x08, 0x11, 0x22, 0x33]
        _ = await rig.field.enter(try card(uid: uid), identity: try card(uid: uid).identity)
        let (atqa, cl1, sak, read) = try await rig.clock.participate {
            try await raw()
            let atqa = try await shortFrame(0x26)
            let cl1 = try await rig.reader.communicateThru([0x93, 0x20])
            let sak = try await rig.reader.communicateThru(
                CRCA.appending(to: [0x93, 0x70] + cl1))
            let read = try await rig.reader.communicateThru(CRCA.appending(to: [0x30, 0x00]))
            return (atqa, cl1, sak, read)
        }
        #expect(atqa == [0x44, 0x00])
        #expect(cl1 == uid + [uid.reduce(0, ^)])
        #expect(sak == CRCA.appending(to: [0x00]))
        #expect(read == CRCA.appending(to: Array(0..<16)))
    }

    @Test func aHaltedCardAnswersWUPAButNotREQA() async throws {
        let tag = try card(uid: [0x08, 0x11, 0x22, 0x33])
        let handle = await rig.field.enter(tag, identity: tag.identity)
        await rig.field.halt(handle)
        let (request, wakeUp) = try await rig.clock.participate {
            try await raw()
            let request = try await shortFrame(0x26)
            return (request, try await shortFrame(0x52))
        }
        #expect(request == nil)
        #expect(wakeUp == [0x44, 0x00])
    }

    @Test func twoCardsAnsweringDifferentUIDsCollide() async throws {
        for uid: [UInt8] in [[0x08, 0x11, 0x22, 0x33], [0x08, 0x44, 0x55, 0x66]] {
            let tag = try card(uid: uid)
            _ = await rig.field.enter(tag, identity: tag.identity)
        }
        let (atqa, error) = try await rig.clock.participate {
            () async throws -> ([UInt8]?, PN533Error?) in
            try await raw()
            let atqa = try await shortFrame(0x26)
            do throws(PN533Error) {
                _ = try await rig.reader.communicateThru([0x93, 0x20])
                return (atqa, nil)
            } catch {
                return (atqa, error)
            }
        }
        // The same ATQA from both: no collision there; the UIDs differ.
        #expect(atqa == [0x44, 0x00])
        #expect(error == .transmission(command: .inCommunicateThru, status: .collision))
    }
}
