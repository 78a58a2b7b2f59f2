import PN533
import PacketTrace
import SimulatedRigSupport
import Testing

@testable import PN533Sim

/// Every command of DESIGN §3 on the simulated chip, with the response layouts of a PN533.
@Suite struct SimulatedCommandTests: OnSimulatedRig {
    let simulated = SimulatedRig(emulators: 0)

    func raw(_ command: PN533Command, _ data: [UInt8] = []) async throws -> [UInt8] {
        try await clock.participate {
            try await reader.open()
            return try await reader.command(command, data)
        }
    }

    @Test func diagnoseLineTestEchoesItsData() async throws {
        let data: [UInt8] = [0x00] + Array(0..<200)
        #expect(try await raw(.diagnose, data) == data)
    }

    @Test func diagnoseROMAndRAMTestsReportSuccess() async throws {
        #expect(try await raw(.diagnose, [0x01]) == [0x00])
        #expect(try await raw(.diagnose, [0x02]) == [0x00])
    }

    @Test func anUnknownCommandGetsTheErrorFrame() async throws {
        let error = await clock.commandError(reader, .inJumpForDEP, [0x01])
        #expect(error == PN533Error.errorFrame(command: .inJumpForDEP))
    }

    @Test func setParametersAndRFConfigurationAnswerWithNoData() async throws {
        #expect(try await raw(.setParameters, [0x14]) == [])
        #expect(try await raw(.rfConfiguration, [0x02, 0x00, 0x0B, 0x0A]) == [])
        #expect(try await raw(.rfConfiguration, [0x05, 0x01, 0x00, 0x01]) == [])
    }

    @Test func generalStatusReportsAnExternalFieldNotItsOwnAndTheListedTargets() async throws {
        let identity = try TypeAIdentity(uid: [0x08, 1, 2, 3], sensRes: [0, 4], selRes: 0)
        let tag = SoftwareTag(identity: identity) { _ in nil }
        _ = await field.enter(tag, identity: identity)
        let status = try await clock.participate {
            try await reader.open()
            _ = try await reader.listPassiveTargets()
            return try await reader.command(.getGeneralStatus)
        }
        // Field 00: the chip's own field is on, but no other reader's is.
        #expect(status == [0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00])
        let neighbour = PN533Device(
            transport: PN533Firmware(name: "neighbour", field: field).transport())
        let sensed = try await clock.participate {
            try await neighbour.open()
            return try await neighbour.command(.getGeneralStatus)
        }
        // The neighbour's antenna is in the first chip's field: Field 01.
        #expect(sensed == [0x00, 0x01, 0x00])
    }

    @Test func readingTheEEPROMAreaAnswersTheErrorStatus() async throws {
        #expect(try await raw(.readRegister, [0xA0, 0x00]) == [0xFF])
    }

    /// A Type 2 tag (SEL_RES 00, 7-byte UID) that answers READ 00 with the bytes 0 to 15.
    func enterType2Tag() async throws {
        let identity = try TypeAIdentity(
            uid: [0x04, 1, 2, 3, 4, 5, 6], sensRes: [0, 0x44], selRes: 0)
        let tag = SoftwareTag(identity: identity) { frame in
            frame.payloadCheckingCRC == [0x30, 0x00] ? .withCRC(Array(0..<16)) : nil
        }
        _ = await field.enter(tag, identity: identity)
    }

    @Test func communicateThruHonoursTheCRCRegisters() async throws {
        try await enterType2Tag()
        let (checked, raw) = try await clock.participate {
            try await reader.open()
            _ = try await reader.listPassiveTargets()
            let checked = try await reader.communicateThru([0x30, 0x00])
            // RxCRCEn off: the chip hands the CRC bytes up, as nfcpy's Type 2 driver expects.
            try await reader.writeRegisters([(0x6303, 0x00)])
            let raw = try await reader.communicateThru([0x30, 0x00])
            return (checked, raw)
        }
        #expect(checked == Array(0..<16))
        #expect(raw == CRCA.appending(to: Array(0..<16)))
    }

    @Test func aFourBitAnswerIsACRCErrorUnlessReceiveCRCIsOff() async throws {
        let identity = try TypeAIdentity(
            uid: [0x04, 1, 2, 3, 4, 5, 6], sensRes: [0, 0x44], selRes: 0)
        let tag = SoftwareTag(identity: identity) { frame in
            frame.payloadCheckingCRC?.first == 0xA2 ? AirFrame(bytes: [0x0A], lastByteBits: 4) : nil
        }
        _ = await field.enter(tag, identity: identity)
        let (checked, raw) = try await clock.participate {
            try await reader.open()
            _ = try await reader.listPassiveTargets()
            let checked: PN533Error?
            do throws(PN533Error) {
                _ = try await reader.communicateThru([0xA2, 0x04, 1, 2, 3, 4])
                checked = nil
            } catch {
                checked = error
            }
            try await reader.writeRegisters([(CIURegister.rxMode, 0x00)])
            return (checked, try await reader.communicateThru([0xA2, 0x04, 1, 2, 3, 4]))
        }
        // No CRC to check in 4 bits: a PN533 reports a CRC error (nfcpy's Type 2 driver).
        #expect(checked == .transmission(command: .inCommunicateThru, status: .crc))
        #expect(raw == [0x0A])
    }

    @Test func listingATypeATargetTurnsCRCBackOnWhereAHostSwitchedItOff() async throws {
        try await enterType2Tag()
        let (modes, answer) = try await clock.participate {
            try await reader.open()
            _ = try await reader.listPassiveTargets()
            // nfcpy's Type 2 driver: receive CRC off after the selection.
            try await reader.writeRegisters([
                (CIURegister.txMode, 0x00), (CIURegister.rxMode, 0x00),
            ])
            // nfcpy switches the field off before it polls again.
            try await reader.setRF(field: false)
            _ = try await reader.listPassiveTargets()
            let modes = try await reader.readRegisters([CIURegister.txMode, CIURegister.rxMode])
            return (modes, try await reader.communicateThru([0x30, 0x00]))
        }
        #expect(modes == [0x80, 0x80])
        #expect(answer == Array(0..<16))
    }

    @Test func anEmptyTypeAPollLeavesTheREQAByteInTheFIFO() async throws {
        let fifo = try await clock.participate {
            try await reader.open()
            try await reader.setRetries(atr: 0xFF, psl: 0x01, passiveActivation: 0x00)
            #expect(try await reader.listPassiveTargets().isEmpty)
            return try await reader.readRegisters([
                CIURegister.fifoLevel, CIURegister.fifoData, CIURegister.fifoData,
            ])
        }
        // Reading CIU_FIFOData takes the byte out: the second read finds the FIFO empty.
        #expect(fifo == [0x01, 0x26, 0x00])
    }

    @Test func aPollACardAnsweredLeavesTheFIFOEmpty() async throws {
        let identity = try TypeAIdentity(uid: [0x08, 1, 2, 3], sensRes: [0, 4], selRes: 0)
        let tag = SoftwareTag(identity: identity) { _ in nil }
        _ = await field.enter(tag, identity: identity)
        let fifo = try await clock.participate {
            try await reader.open()
            #expect(try await reader.listPassiveTargets().count == 1)
            return try await reader.readRegisters([CIURegister.fifoLevel, CIURegister.fifoData])
        }
        #expect(fifo == [0x00, 0x00])
    }

    @Test func deselectReleaseAndSelectAnswerSuccessForAListedTarget() async throws {
        let identity = try TypeAIdentity(uid: [0x08, 1, 2, 3], sensRes: [0, 4], selRes: 0)
        let tag = SoftwareTag(identity: identity) { _ in .withCRC([0x00]) }
        _ = await field.enter(tag, identity: identity)
        try await clock.participate {
            try await reader.open()
            _ = try await reader.listPassiveTargets()
            try await reader.deselect(target: 1)
            try await reader.select(target: 1)
            try await reader.release(target: 1)
        }
        #expect(tag.events.contains("halted"))
        #expect(tag.events.filter { $0 == "selected" }.count == 2)
    }

    @Test func aCommandForAnUnknownTargetIsNotAcceptable() async throws {
        let answer = try await raw(.inDataExchange, [0x05, 0x30, 0x00])
        #expect(answer == [0x27])
    }

    @Test func depTargetCommandsAreRefusedOutsideDEPMode() async throws {
        #expect(try await raw(.tgGetData) == [0x25])
        #expect(try await raw(.tgSetData, [0x01]) == [0x25])
    }

    @Test func targetStatusIsNotActivatedOutsideTargetMode() async throws {
        #expect(try await raw(.tgGetTargetStatus) == [0x00, 0x00])
    }

    @Test func aTeardownSeesFramesTheHostNeverRead() async throws {
        let transport = readerChip.transport()
        try await clock.participate {
            try await transport.send(try PN533Frame.command(.getFirmwareVersion).encode())
            try await clock.sleep(for: .milliseconds(5))
        }
        #expect(readerChip.unreadFrames == 2)  // the ACK and the response
    }
}
