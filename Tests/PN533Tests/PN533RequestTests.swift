import NFCRigTestSupport
import PN533
import Testing

/// A request builder's output and the whole command frame a real host sent for it.
typealias RequestCase = TableCase<PN533Request, String>

@Suite struct PN533RequestTests {
    static let configuration106A = TargetConfiguration(
        mode: .passiveOnly, sensRes: bytes("4400"), nfcid1t: bytes("010203"), selRes: 0x00,
        felicaParameters: (0..<18).map { UInt8($0) },
        nfcid3t: bytes("00010203040506070000"))
    static let configurationWithGt = TargetConfiguration(
        mode: [.passiveOnly, .depOnly], sensRes: bytes("0102"), nfcid1t: bytes("030405"),
        selRes: 0x06, felicaParameters: bytes("010203040506070809101112131415161718"),
        nfcid3t: bytes("01020304050607080910"), generalBytes: bytes("313233"))

    /// Frames from nfcpy's PN533 and RC-S956 driver tests, unless marked computed.
    static let cases: [RequestCase] = [
        .init(
            name: "GetFirmwareVersion", input: PN533FirmwareVersion.request,
            expected: "0000ff02fed4022a00"),
        .init(
            name: "GetGeneralStatus", input: PN533GeneralStatus.request,
            expected: "0000ff02fed4042800"),
        .init(
            name: "ReadRegister of one register", input: PN533ReadRegister.request([0x0102]),
            expected: "0000ff04fcd40601022300"),
        .init(
            name: "ReadRegister of two registers",
            input: PN533ReadRegister.request([0x0102, 0x631A]),
            expected: "0000ff06fad4060102631aa600"),
        .init(
            name: "WriteRegister of two registers",
            input: PN533WriteRegister.request([(0x0102, 0x10), (0x6301, 0x11)]),
            expected: "0000ff08f8d4080102106301119c00"),
        .init(
            name: "SetParameters with no flags", input: PN533Parameters().request,
            expected: "0000ff03fdd412001a00"),
        .init(
            name: "RFConfiguration switching the field off with auto RFCA",
            input: PN533RFConfiguration.field(on: false, autoRFCA: true).request,
            expected: "0000ff04fcd4320102f700"),
        .init(
            name: "RFConfiguration switching the field on",
            input: PN533RFConfiguration.field(on: true).request,
            expected: "0000ff04fcd4320101f800"),
        .init(
            name: "RFConfiguration timeouts 0B and 0A",
            input: PN533RFConfiguration.timeouts(
                atrResponse: PN533RFTimeout(rawValue: 0x0B), retry: PN533RFTimeout(rawValue: 0x0A)
            ).request,
            expected: "0000ff06fad43202000b0ae300"),
        .init(
            name: "RFConfiguration MaxRtyCOM 0",
            input: PN533RFConfiguration.communicationRetries(0).request,
            expected: "0000ff04fcd4320400f600"),
        .init(
            name: "RFConfiguration retries 1, 0, 1",
            input: PN533RFConfiguration.retries(atr: 1, psl: 0, passiveActivation: 1).request,
            expected: "0000ff06fad43205010001f300"),
        .init(
            name: "RFConfiguration analog settings for 106 kbps type A as a raw item",
            input: PN533RFConfiguration.raw(item: 0x0A, data: bytes("5af43f114d85616f266287"))
                .request,
            expected: "0000ff0ef2d4320a5af43f114d85616f266287a100"),
        .init(
            name: "InListPassiveTarget for one type A target",
            input: PN533InListPassiveTarget.request(maxTargets: 1, modulation: .typeA106),
            expected: "0000ff04fcd44a0100e100"),
        .init(
            name: "InListPassiveTarget for a type A target with a given UID",
            input: PN533InListPassiveTarget.request(
                maxTargets: 1, modulation: .typeA106, initiatorData: bytes("01020304")),
            expected: "0000ff08f8d44a010001020304d700"),
        .init(
            name: "InListPassiveTarget for FeliCa at 212 kbps",
            input: PN533InListPassiveTarget.request(
                maxTargets: 1, modulation: .felica212, initiatorData: bytes("00ffff0100")),
            expected: "0000ff09f7d44a010100ffff0100e100"),
        .init(
            name: "InListPassiveTarget for type B with AFI 00",
            input: PN533InListPassiveTarget.request(
                maxTargets: 1, modulation: .typeB106, initiatorData: [0x00]),
            expected: "0000ff05fbd44a010300de00"),
        .init(
            name: "InListPassiveTarget for a Jewel tag",
            input: PN533InListPassiveTarget.request(maxTargets: 1, modulation: .jewel106),
            expected: "0000ff04fcd44a0104dd00"),
        .init(
            name: "InDataExchange with target 1",
            input: PN533InDataExchange.request(target: 1, bytes("3132")),
            expected: "0000ff05fbd4400131328800"),
        .init(
            name: "InDataExchange follow-up with no data",
            input: PN533InDataExchange.request(target: 1), expected: "0000ff03fdd44001eb00"),
        .init(
            name: "InDataExchange with MI set (computed)",
            input: PN533InDataExchange.request(target: 1, [0xAA], moreInformation: true),
            expected: "0000ff04fcd44041aa0100"),
        .init(
            name: "InCommunicateThru", input: PN533InCommunicateThru.request(bytes("3132")),
            expected: "0000ff04fcd44231328700"),
        .init(
            name: "InDeselect of target 1 (computed)",
            input: PN533TargetSelection.deselect(target: 1), expected: "0000ff03fdd44401e700"),
        .init(
            name: "InRelease of target 1 (computed)",
            input: PN533TargetSelection.release(target: 1), expected: "0000ff03fdd45201d900"),
        .init(
            name: "InSelect of target 1 (computed)",
            input: PN533TargetSelection.select(target: 1), expected: "0000ff03fdd45401d700"),
        .init(
            name: "TgInitAsTarget as a 106 kbps type A target",
            input: try! PN533TgInitAsTarget.request(configuration106A),
            expected: "0000ff27d9d48c0144000102030000010203040506070809"
                + "0a0b0c0d0e0f1011000102030405060700000000a000"),
        .init(
            name: "TgInitAsTarget with general bytes",
            input: try! PN533TgInitAsTarget.request(configurationWithGt),
            expected: "0000ff2ad6d48c0301020304050601020304050607080910111213141516171801"
                + "0203040506070809100331323300d100"),
        .init(
            name: "TgInitAsTarget on an RC-S360: Gt without its length, no Tk",
            input: try! PN533TgInitAsTarget.request(
                TargetConfiguration(
                    mode: .depOnly, sensRes: bytes("0102"), nfcid1t: bytes("030405"),
                    selRes: 0x06, felicaParameters: bytes("010203040506070809101112131415161718"),
                    nfcid3t: bytes("01020304050607080910"), generalBytes: bytes("313233")),
                chip: .rcs360),
            expected: "0000ff28d8d48c020102030405060102030405060708091011121314151617180102"
                + "0304050607080910313233d500"),
        .init(
            name: "TgGetInitiatorCommand", input: PN533TgInitiatorExchange.getInitiatorCommand,
            expected: "0000ff02fed488a400"),
        .init(
            name: "TgResponseToInitiator with an ATS",
            input: PN533TgInitiatorExchange.responseToInitiator(bytes("0578807002")),
            expected: "0000ff07f9d49005788070022d00"),
        .init(name: "TgGetData", input: PN533TgData.getData, expected: "0000ff02fed486a600"),
        .init(
            name: "TgSetData", input: PN533TgData.setData(bytes("3132")),
            expected: "0000ff04fcd48e31323b00"),
        .init(
            name: "TgGetTargetStatus", input: PN533TargetStatus.request,
            expected: "0000ff02fed48aa200"),
        .init(
            name: "Diagnose ROM test", input: PN533Diagnose.request(.rom),
            expected: "0000ff03fdd400012b00"),
        .init(
            name: "Diagnose RAM test", input: PN533Diagnose.request(.ram),
            expected: "0000ff03fdd400022a00"),
        .init(
            name: "RC-S360 ResetMode 18 01", input: PN533ResetMode.request,
            expected: "0000ff03fdd418011300"),
    ]

    @Test("each command's request frames to the bytes a real host sends", arguments: cases)
    func buildsRequestFrames(_ testCase: RequestCase) throws {
        #expect(try testCase.input.frame.encode() == bytes(testCase.expected))
    }

    @Test("TgInitAsTarget rejects a field of the wrong length, naming it")
    func rejectsBadTargetConfiguration() {
        var configuration = Self.configuration106A
        configuration.nfcid1t = bytes("08010203")
        #expect(
            throws: PN533Error.invalidRequest(
                command: .tgInitAsTarget,
                error: .fieldLength(field: "NFCID1t", expected: 3, actual: 4))
        ) { try PN533TgInitAsTarget.request(configuration) }
        configuration = Self.configuration106A
        configuration.generalBytes = [UInt8](repeating: 0, count: 48)
        #expect(
            throws: PN533Error.invalidRequest(
                command: .tgInitAsTarget, error: .fieldTooLong(field: "Gt", maximum: 47, actual: 48)
            )
        ) { try PN533TgInitAsTarget.request(configuration) }
    }

    @Test("RF timeout codes stand for 100 µs doubling per step")
    func convertsRFTimeouts() {
        #expect(PN533RFTimeout.none.duration == nil)
        #expect(PN533RFTimeout(rawValue: 0x01).duration == .microseconds(100))
        #expect(PN533RFTimeout(rawValue: 0x0B).duration == .microseconds(102_400))
        #expect(PN533RFTimeout(rawValue: 0x11).duration == nil)
        #expect(PN533RFTimeout.atLeast(.milliseconds(100)) == PN533RFTimeout(rawValue: 0x0B))
        #expect(PN533RFTimeout.atLeast(.seconds(10)) == PN533RFTimeout(rawValue: 0x10))
    }

    @Test("the response code is the command code plus one, and names follow the manual")
    func namesCommands() {
        #expect(PN533Command.inListPassiveTarget.responseCode == 0x4B)
        #expect(PN533Command.inListPassiveTarget.description == "InListPassiveTarget (4A)")
        #expect(PN533Command.resetMode == .alparCommandForTDA)
        #expect(PN533Command.allCases.allSatisfy { !$0.name.isEmpty && $0.rawValue % 2 == 0 })
    }
}
