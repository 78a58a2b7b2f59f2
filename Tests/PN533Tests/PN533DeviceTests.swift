import HexText
import NFCRigTestSupport
import PN533
import Testing

/// A device over a scripted transport, plus what it traced.
struct Rig {
    let transport: ScriptedTransport
    let device: PN533Device
    let log = Recorder<PN533DeviceEvent>()

    init(_ steps: [ScriptedTransport.Step], configuration: PN533DeviceConfiguration = .init()) {
        transport = ScriptedTransport(steps)
        let log = self.log
        device = PN533Device(
            transport: transport, configuration: configuration, onEvent: log.record)
    }

    /// The whole script was played and nothing deviated from it.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
        let unplayed = await transport.unplayed
        #expect(unplayed.isEmpty, "unplayed: \(unplayed)", sourceLocation: sourceLocation)
        #expect(await transport.deviations.isEmpty, sourceLocation: sourceLocation)
    }
}

@Suite struct PN533DeviceTests {
    static let getFirmwareVersion = "0000ff02fed4022a00"
    static let pn533Firmware = "0000ff06fad50333020707e500"
    static let diagnose = "0000ff05fbd4003132339600"
    static let diagnoseResponse = "0000ff05fbd5013435368b00"
    static let diagnoseBadDCS = "0000ff05fbd5013435368a00"

    @Test("open sends an ACK, drains, and identifies a PN533 from its firmware version")
    func opensPN533() async throws {
        let rig = Rig([
            .ack, .silence, .expect(Self.getFirmwareVersion), .answerACK,
            .answer(Self.pn533Firmware),
        ])
        let firmware = try await rig.device.open()
        #expect(firmware == PN533FirmwareVersion(ic: 0x33, version: 2, revision: 7, support: 7))
        #expect(await rig.device.chip == .pn533)
        #expect(
            await rig.transport.receiveTimeouts
                == [.milliseconds(20), .milliseconds(100), .milliseconds(100)])
        await rig.finish()
    }

    @Test("open on an RC-S360 sends its ResetMode 18 01 and then an ACK")
    func opensRCS360() async throws {
        let rig = Rig([
            .ack, .silence, .expect(Self.getFirmwareVersion), .answerACK,
            .answer("0000ff06fad50333013007bd00"),
            .expect("0000ff03fdd418011300"), .answerACK, .answer("0000ff02fed5191200"), .ack,
        ])
        #expect(try await rig.device.open().chip == .rcs360)
        #expect(await rig.device.chip == .rcs360)
        await rig.finish()
    }

    @Test("open asks for the firmware version again when the first request goes unanswered")
    func retriesFirmwareVersionAtOpen() async throws {
        let rig = Rig([
            .ack, .silence,
            .expect(Self.getFirmwareVersion), .silence, .silence, .ack, .silence,
            .expect(Self.getFirmwareVersion), .answerACK, .answer(Self.pn533Firmware),
        ])
        #expect(try await rig.device.open().chip == .pn533)
        await rig.finish()
    }

    @Test("a command goes out, the ACK and the response come back")
    func runsNormalExchange() async throws {
        let rig = Rig([
            .expect("0000ff05fbd4400131328800"), .answerACK, .answer("0000ff05fbd54100aabb8500"),
        ])
        #expect(try await rig.device.exchange(target: 1, bytes("3132")) == bytes("aabb"))
        #expect(
            rig.log.all == [
                .sent(bytes("0000ff05fbd4400131328800")), .received(bytes("0000ff00ff00")),
                .received(bytes("0000ff05fbd54100aabb8500")),
            ])
        #expect(await rig.transport.receiveTimeouts == [.milliseconds(100), .seconds(1)])
        await rig.finish()
    }

    @Test("a response that comes without an ACK is accepted")
    func toleratesMissingACK() async throws {
        let rig = Rig([.expect(Self.diagnose), .answer(Self.diagnoseResponse)])
        #expect(try await rig.device.command(.diagnose, bytes("313233")) == bytes("343536"))
        #expect(rig.log.all.contains(.ackMissing(.diagnose)))
        await rig.finish()
    }

    @Test("a response with a bad DCS is NACKed and the resent one accepted")
    func resendsAfterBadChecksum() async throws {
        let rig = Rig([
            .expect(Self.diagnose), .answerACK, .answer(Self.diagnoseBadDCS), .nack,
            .answer(Self.diagnoseResponse),
        ])
        #expect(try await rig.device.command(.diagnose, bytes("313233")) == bytes("343536"))
        #expect(
            rig.log.all.contains(
                .nackSent(.diagnose, .badDataChecksum(offset: 10, checksum: 0x8A, expected: 0x8B))))
        await rig.finish()
    }

    @Test("after three NACKs a fourth corrupt response fails the command, naming the frame")
    func givesUpAfterRetries() async {
        let rig = Rig([
            .expect(Self.diagnose), .answerACK, .answer(Self.diagnoseBadDCS), .nack,
            .answer(Self.diagnoseBadDCS), .nack, .answer("0000ff04fbd5013435368b00"), .nack,
            .answer(Self.diagnoseBadDCS),
        ])
        await #expect(
            throws: PN533Error.corruptResponse(
                command: .diagnose,
                error: .badDataChecksum(offset: 10, checksum: 0x8A, expected: 0x8B), attempts: 4)
        ) { try await rig.device.command(.diagnose, bytes("313233")) }
        await rig.finish()
    }

    @Test("a response that times out is aborted with an ACK, and a late answer drained")
    func abortsOnTimeout() async throws {
        let rig = Rig([
            .expect("0000ff05fbd4423132335400"), .answerACK, .silence, .ack,
            .answer("0000ff06fad543003435364900"),
            .expect(Self.getFirmwareVersion), .answerACK, .answer(Self.pn533Firmware),
        ])
        await #expect(
            throws: PN533Error.noResponse(command: .inCommunicateThru, timeout: .seconds(1))
        ) { try await rig.device.communicateThru(bytes("313233")) }
        #expect(try await rig.device.firmwareVersion().chip == .pn533)
        #expect(
            await rig.transport.receiveTimeouts == [
                .milliseconds(100), .seconds(1), .milliseconds(20), .milliseconds(100),
                .milliseconds(100),
            ])
        #expect(rig.log.all.contains(.aborted(.inCommunicateThru)))
        #expect(rig.log.all.contains(.discarded(bytes("0000ff06fad543003435364900"))))
        await rig.finish()
    }

    @Test("the chip's error frame fails the command")
    func reportsErrorFrame() async {
        let rig = Rig([.expect(Self.diagnose), .answerACK, .answer("0000ff01ff7f8100")])
        await #expect(throws: PN533Error.errorFrame(command: .diagnose)) {
            try await rig.device.command(.diagnose, bytes("313233"))
        }
        await rig.finish()
    }

    @Test("a response to another command fails naming both codes, and the command is aborted")
    func reportsUnexpectedResponseCode() async {
        let rig = Rig([
            .expect(Self.diagnose), .answerACK, .answer("0000ff05fbd5023435368a00"), .ack,
            .silence,
        ])
        await #expect(
            throws: PN533Error.unexpectedResponseCode(
                command: .diagnose, expected: 0x01, received: 0x02)
        ) { try await rig.device.command(.diagnose, bytes("313233")) }
        await rig.finish()
    }

    @Test("garbage before a frame is skipped and reported")
    func skipsGarbage() async throws {
        let rig = Rig([
            .expect(Self.diagnose), .answer("ff12 0000ff00ff00"),
            .answer("55 " + Self.diagnoseResponse),
        ])
        #expect(try await rig.device.command(.diagnose, bytes("313233")) == bytes("343536"))
        #expect(rig.log.all.contains(.skipped(bytes("ff12"))))
        #expect(rig.log.all.contains(.skipped([0x55])))
        await rig.finish()
    }

    @Test("a response split into 64-byte USB packets is reassembled")
    func reassemblesPackets() async throws {
        let data: [UInt8] = [0x00] + (0..<262).map { UInt8(truncatingIfNeeded: $0) }
        let response = try PN533Frame.response(to: .diagnose, data).encode()
        let packets = stride(from: 0, to: response.count, by: 64).map {
            ScriptedTransport.Step.answer(Array(response[$0..<min($0 + 64, response.count)]))
        }
        let rig = Rig([.expectCommand(.diagnose, data), .answerACK] + packets)
        #expect(
            try await rig.device.diagnose(.communicationLine, parameters: Array(data.dropFirst()))
                == data)
        await rig.finish()
    }

    @Test("more-information chaining issues InDataExchange until MI is clear")
    func followsMoreInformation() async throws {
        let rig = Rig([
            .expectCommand(.inDataExchange, bytes("01 3004")), .answerACK,
            .answerResponse(.inDataExchange, bytes("40 0102")),
            .expectCommand(.inDataExchange, [0x01]), .answerACK,
            .answerResponse(.inDataExchange, bytes("40 0304")),
            .expectCommand(.inDataExchange, [0x01]), .answerACK,
            .answerResponse(.inDataExchange, bytes("00 05")),
        ])
        #expect(try await rig.device.exchange(target: 1, bytes("3004")) == bytes("0102030405"))
        await rig.finish()
    }

    @Test("TgGetData follows the initiator's chaining (nfcpy's TgGetData frames)")
    func followsMoreInformationAsTarget() async throws {
        let rig = Rig([
            .expect("0000ff02fed486a600"), .answerACK, .answer("0000ff05fbd58740aabbff00"),
            .expect("0000ff02fed486a600"), .answerACK, .answer("0000ff05fbd58700aabb3f00"),
        ])
        #expect(try await rig.device.getData() == bytes("aabbaabb"))
        await rig.finish()
    }

    @Test("chaining beyond the configured limit fails")
    func boundsChaining() async {
        var configuration = PN533DeviceConfiguration()
        configuration.maximumChainedLength = 3
        let rig = Rig(
            [
                .expectCommand(.tgGetData), .answerACK,
                .answerResponse(.tgGetData, bytes("40 0102")),
                .expectCommand(.tgGetData), .answerACK,
                .answerResponse(.tgGetData, bytes("40 0304")),
            ], configuration: configuration)
        await #expect(throws: PN533Error.chainingOverflow(command: .tgGetData, limit: 3)) {
            try await rig.device.getData()
        }
        await rig.finish()
    }

    @Test(
        "a failing chip status becomes the mapped error",
        arguments: [
            (
                "0000ff05fbd4423132335400", "0000ff03fdd54301e700",
                PN533Error.rfTimeout(command: .inCommunicateThru)
            ),
            (
                "0000ff05fbd4423132335400", "0000ff03fdd54302e600",
                .transmission(command: .inCommunicateThru, status: .crc)
            ),
        ])
    func mapsChipStatus(command: String, response: String, error: PN533Error) async {
        let rig = Rig([.expect(command), .answerACK, .answer(response)])
        await #expect(throws: error) { try await rig.device.communicateThru(bytes("313233")) }
        await rig.finish()
    }

    @Test("a released target shows as a broken link (nfcpy's TgGetInitiatorCommand 29)")
    func mapsReleasedByInitiator() async {
        let rig = Rig([.expect("0000ff02fed488a400"), .answerACK, .answer("0000ff03fdd589297900")])
        await #expect(
            throws: PN533Error.brokenLink(
                command: .tgGetInitiatorCommand, status: .releasedByInitiator)
        ) { try await rig.device.getInitiatorCommand() }
        await rig.finish()
    }

    @Test("a transport failure ends the command at once")
    func propagatesTransportErrors() async {
        let rig = Rig([.expect(Self.diagnose), .answerACK, .fail(.disconnected)])
        await #expect(throws: PN533Error.transport(.disconnected)) {
            try await rig.device.command(.diagnose, bytes("313233"))
        }
        await rig.finish()
    }

    @Test("a request longer than the chip takes is refused before anything is sent")
    func refusesOversizedRequest() async {
        let rig = Rig([])
        await #expect(
            throws: PN533Error.invalidRequest(
                command: .inDataExchange, error: .frameTooLong(length: 266, maximum: 265))
        ) { try await rig.device.exchange(target: 1, [UInt8](repeating: 0, count: 263)) }
        await rig.finish()
    }

    @Test("concurrent callers run one command at a time")
    func serialisesCommands() async throws {
        let rig = Rig([
            .expect(Self.getFirmwareVersion), .answerACK, .answer(Self.pn533Firmware),
            .expect(Self.getFirmwareVersion), .answerACK, .answer(Self.pn533Firmware),
            .expect(Self.getFirmwareVersion), .answerACK, .answer(Self.pn533Firmware),
        ])
        async let first = rig.device.firmwareVersion()
        async let second = rig.device.firmwareVersion()
        async let third = rig.device.firmwareVersion()
        let versions = try await [first, second, third]
        #expect(versions.allSatisfy { $0.chip == .pn533 })
        await rig.finish()
    }

    @Test("listing type A targets returns their SENS_RES, SEL_RES and NFCID")
    func listsPassiveTargets() async throws {
        let rig = Rig([
            .expect("0000ff04fcd44a0100e100"), .answerACK,
            .answer("0000ff0ff1d54b0101004400070416c6c2d738816100"),
            .expect("0000ff04fcd44a0100e100"), .answerACK, .answer("0000ff03fdd54b00e000"),
        ])
        #expect(
            try await rig.device.listPassiveTargets(max: 1) == [
                PassiveTarget(
                    tg: 1, sensRes: bytes("0044"), selRes: 0, nfcid: bytes("0416c6c2d73881"))
            ])
        #expect(try await rig.device.listPassiveTargets().isEmpty)
        await #expect(
            throws: PN533Error.invalidRequest(
                command: .inListPassiveTarget,
                error: .outOfRange(field: "MaxTg", value: 2, range: 1...1))
        ) { try await rig.device.listPassiveTargets(max: 2) }
        await rig.finish()
    }

    @Test("a Type 4 emulation starts with TgInitAsTarget, the RATS, the ATS and the next command")
    func emulatesType4Activation() async throws {
        let rig = Rig([
            .expect(
                "0000ff27d9d48c01440001020320000102030405060708090a0b0c0d0e0f1011"
                    + "0001020304050607000000008000"),
            .answerACK, .answer("0000ff05fbd58d00e0803e00"),
            .expect("0000ff07f9d49005788070022d00"), .answerACK, .answer("0000ff03fdd591009a00"),
            .expect("0000ff02fed488a400"), .answerACK, .answer("0000ff06fad589003132330c00"),
        ])
        let configuration = TargetConfiguration(
            mode: .passiveOnly, sensRes: bytes("4400"), nfcid1t: bytes("010203"), selRes: 0x20,
            felicaParameters: (0..<18).map { UInt8($0) }, nfcid3t: bytes("00010203040506070000"))
        let activation = try await rig.device.initAsTarget(configuration)
        #expect(activation.initiatorCommand == bytes("e080"))
        #expect(activation.mode.framing == .typeA && !activation.mode.isDEP)
        try await rig.device.respondToInitiator(bytes("0578807002"))
        #expect(try await rig.device.getInitiatorCommand() == bytes("313233"))
        await rig.finish()
    }

    @Test("the chip set-up commands send nfcpy's frames and check the answers")
    func configuresChip() async throws {
        let done = "0000ff02fed533f800"
        let rig = Rig([
            .expect("0000ff04fcd4320102f700"), .answerACK, .answer(done),
            .expect("0000ff06fad43202000b0ae300"), .answerACK, .answer(done),
            .expect("0000ff06fad43205010001f300"), .answerACK, .answer(done),
            .expect("0000ff03fdd412001a00"), .answerACK, .answer("0000ff02fed5131800"),
            .expect("0000ff04fcd406a0008600"), .answerACK, .answer("0000ff03fdd507ff2500"),
            .expect("0000ff08f8d4080102106301119c00"), .answerACK, .answer("0000ff03fdd509002200"),
            .expect("0000ff02fed4042800"), .answerACK, .answer("0000ff09f7d505000101010000002300"),
            .expect("0000ff02fed48aa200"), .answerACK, .answer("0000ff04fcd58b01118e00"),
            .expect("0000ff03fdd400012b00"), .answerACK, .answer("0000ff03fdd501002a00"),
        ])
        let device = rig.device
        try await device.setRF(field: false, autoRFCA: true)
        try await device.setTimeouts(
            atrResponse: PN533RFTimeout(rawValue: 0x0B), retry: PN533RFTimeout(rawValue: 0x0A))
        try await device.setRetries(atr: 1, psl: 0, passiveActivation: 1)
        try await device.setParameters([])
        await #expect(
            throws: PN533Error.transmission(command: .readRegister, status: .unknown(0x3F))
        ) {
            try await device.readRegisters([0xA000])
        }
        try await device.writeRegisters([(0x0102, 0x10), (0x6301, 0x11)])
        #expect(try await device.generalStatus().externalField)
        #expect(try await device.targetStatus().initiatorToTargetKbps == 212)
        #expect(try await device.diagnose(.rom) == bytes("00"))
        await rig.finish()
    }

    @Test("an RC-S360 reads registers without a status byte and takes Gt without its length")
    func usesRCS360Layouts() async throws {
        var configuration = PN533DeviceConfiguration()
        configuration.expectedChip = .rcs360
        let rig = Rig(
            [
                .expect("0000ff04fcd40601022300"), .answerACK, .answer("0000ff03fdd507aa7a00"),
                .expect(
                    "0000ff25dbd48c00440001020300000102030405060708090a0b0c0d0e0f1011"
                        + "00010203040506070000a100"),
                .answerACK, .answer("0000ff05fbd58d0030006e00"),
            ], configuration: configuration)
        #expect(try await rig.device.readRegisters([0x0102]) == [0xAA])
        let activation = try await rig.device.initAsTarget(
            TargetConfiguration(
                sensRes: bytes("4400"), nfcid1t: bytes("010203"), selRes: 0x00,
                felicaParameters: (0..<18).map { UInt8($0) },
                nfcid3t: bytes("00010203040506070000")))
        #expect(activation.initiatorCommand == bytes("3000"))
        await rig.finish()
    }

    @Test("select, deselect and release send the target number and check the status")
    func selectsTargets() async throws {
        let rig = Rig([
            .expectCommand(.inSelect, [1]), .answerACK, .answerResponse(.inSelect, [0x00]),
            .expectCommand(.inDeselect, [0]), .answerACK, .answerResponse(.inDeselect, [0x00]),
            .expectCommand(.inRelease, [1]), .answerACK, .answerResponse(.inRelease, [0x2B]),
        ])
        try await rig.device.select(target: 1)
        try await rig.device.deselect(target: 0)
        await #expect(throws: PN533Error.brokenLink(command: .inRelease, status: .cardGone)) {
            try await rig.device.release(target: 1)
        }
        await rig.finish()
    }

    @Test("a second ACK is ignored; a NACK or a host frame from the chip fails and aborts")
    func handlesOutOfPlaceFrames() async throws {
        let rig = Rig([
            .expect(Self.diagnose), .answerACK, .answerACK, .answer(Self.diagnoseResponse),
            .expect(Self.diagnose), .answerACK, .answer("0000ffff0000"), .ack, .silence,
            .expect(Self.diagnose), .answer(Self.diagnose), .ack, .silence,
        ])
        #expect(try await rig.device.command(.diagnose, bytes("313233")) == bytes("343536"))
        #expect(rig.log.all.contains(.ignored(.diagnose, .ack)))
        await #expect(throws: PN533Error.unexpectedFrame(command: .diagnose, frame: .nack)) {
            try await rig.device.command(.diagnose, bytes("313233"))
        }
        await #expect(
            throws: PN533Error.unexpectedFrame(
                command: .diagnose, frame: .command(.diagnose, bytes("313233")))
        ) { try await rig.device.command(.diagnose, bytes("313233")) }
        await rig.finish()
    }

    @Test("a command with no ACK and no response waits for both, then aborts")
    func abortsSilentChip() async {
        let rig = Rig([.expect(Self.diagnose), .silence, .silence, .ack, .silence])
        await #expect(throws: PN533Error.noResponse(command: .diagnose, timeout: .milliseconds(5)))
        {
            try await rig.device.command(.diagnose, bytes("313233"), timeout: .milliseconds(5))
        }
        #expect(
            await rig.transport.receiveTimeouts == [
                .milliseconds(100), .milliseconds(5), .milliseconds(20),
            ])
        await rig.finish()
    }
}
