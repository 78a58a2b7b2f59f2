import NFCRigTestSupport
import PN533
import Testing

/// Response data (after the response code) from real exchanges and what it parses to.
@Suite struct PN533ResponseTests {
    @Test(
        "GetFirmwareVersion identifies the chip from IC and version",
        arguments: [
            ("33020707", PN533Chip.pn533),
            ("33013007", .rcs360),
            ("32010607", .pn532),
            ("31010000", .unknown(ic: 0x31)),
        ])
    func identifiesChips(data: String, chip: PN533Chip) throws {
        let version = try PN533FirmwareVersion(response: bytes(data))
        #expect(version.chip == chip)
        #expect([version.ic, version.version, version.revision, version.support] == bytes(data))
    }

    @Test("GetGeneralStatus reads the error, the field and each target")
    func parsesGeneralStatus() throws {
        let active = try PN533GeneralStatus(response: bytes("00010101000000"))
        #expect(active.lastError == .success)
        #expect(active.externalField)
        #expect(active.targets == [.init(tg: 1, rxBitRate: 0, txBitRate: 0, modulation: 0)])
        #expect(active.samStatus == nil)
        let idle = try PN533GeneralStatus(response: bytes("0e0000"))
        #expect(idle.lastError == .internalBufferOverflow)
        #expect(!idle.externalField && idle.targets.isEmpty)
    }

    @Test("ReadRegister values follow a status byte on a PN533 and stand alone on an RC-S360")
    func parsesRegisterValues() throws {
        #expect(try PN533ReadRegister.values(response: bytes("00aabb"), count: 2) == bytes("aabb"))
        #expect(
            try PN533ReadRegister.values(response: bytes("aabb"), count: 2, chip: .rcs360)
                == bytes("aabb"))
        #expect(throws: PN533Error.rfTimeout(command: .readRegister)) {
            try PN533ReadRegister.values(response: [0x01], count: 1)
        }
    }

    @Test("InListPassiveTarget lists a type 2 tag, a DEP target, and nothing")
    func parsesTypeATargets() throws {
        let tag = try PN533TargetList(
            response: bytes("0101004400070416c6c2d73881"), modulation: .typeA106)
        #expect(
            tag
                == .typeA([
                    PassiveTarget(
                        tg: 1, sensRes: bytes("0044"), selRes: 0x00, nfcid: bytes("0416c6c2d73881"))
                ]))
        let dep = try PN533TargetList(
            response: bytes("0101004440070416c6c2d73881"), modulation: .typeA106)
        #expect(dep.count == 1)
        #expect(try PN533TargetList(response: [0x00], modulation: .typeA106) == .typeA([]))
    }

    @Test("a type A target's ATS is kept, its first byte being its length")
    func parsesATS() throws {
        let list = try PN533TargetList(
            response: bytes("01 01 0004 20 04 08a1b2c3 0578807002"), modulation: .typeA106)
        #expect(
            list
                == .typeA([
                    PassiveTarget(
                        tg: 1, sensRes: bytes("0004"), selRes: 0x20, nfcid: bytes("08a1b2c3"),
                        ats: bytes("0578807002"))
                ]))
    }

    @Test("InListPassiveTarget parses FeliCa, type B and Jewel layouts")
    func parsesOtherModulations() throws {
        #expect(
            try PN533TargetList(
                response: bytes("010114010102030405060708f1f2f3f4f5f6f7f8aabb"),
                modulation: .felica212)
                == .felica([
                    FeliCaTarget(
                        tg: 1, responseCode: 0x01, idm: bytes("0102030405060708"),
                        pmm: bytes("f1f2f3f4f5f6f7f8"), systemCode: bytes("aabb"))
                ]))
        #expect(
            try PN533TargetList(
                response: bytes("010150e8253eec00000011008185 01 00"), modulation: .typeB106)
                == .typeB([
                    TypeBTarget(tg: 1, atqb: bytes("50e8253eec00000011008185"), attribRes: [0x00])
                ]))
        #expect(
            try PN533TargetList(response: bytes("01010c00b2565400"), modulation: .jewel106)
                == .jewel([JewelTarget(tg: 1, sensRes: bytes("0c00"), jewelID: bytes("b2565400"))]))
    }

    @Test(
        "TgInitAsTarget reports the activation mode and the initiator's first command",
        arguments: [
            ("00e080", TargetActivation.Mode.Framing.typeA, false, 106, "e080"),
            ("003000", .typeA, false, 106, "3000"),
            (
                "0411d4003031323334353637383900000000", .typeA, true, 106,
                "11d4003031323334353637383900000000"
            ),
            (
                "2611d40030313233343536373839000000 00", .felica, true, 424,
                "11d4003031323334353637383900000000"
            ),
            (
                "0511d4003031323334353637383900000000", .active, true, 106,
                "11d4003031323334353637383900000000"
            ),
        ])
    func parsesActivation(
        data: String, framing: TargetActivation.Mode.Framing, dep: Bool, kbps: Int, command: String
    ) throws {
        let activation = try TargetActivation(response: bytes(data))
        #expect(activation.mode.framing == framing)
        #expect(activation.mode.isDEP == dep)
        #expect(activation.mode.kbps == kbps)
        #expect(activation.initiatorCommand == bytes(command))
    }

    @Test(
        "TgGetTargetStatus reads the state and both bit rates",
        arguments: [
            ("0100", true, 106, 106), ("0111", true, 212, 212), ("0122", true, 424, 424),
            ("00ff", false, nil, nil),
        ] as [(String, Bool, Int?, Int?)])
    func parsesTargetStatus(data: String, activated: Bool, toTarget: Int?, toInitiator: Int?)
        throws
    {
        let status = try PN533TargetStatus(response: bytes(data))
        #expect(status.isActivated == activated)
        #expect(status.initiatorToTargetKbps == toTarget)
        #expect(status.targetToInitiatorKbps == toInitiator)
    }

    @Test("data responses carry the MI flag; a failing status throws the mapped error")
    func parsesDataResponses() throws {
        let whole = try PN533DataResponse(response: bytes("00aabb"), command: .tgGetData)
        #expect(whole.data == bytes("aabb") && !whole.moreInformation)
        let more = try PN533DataResponse(response: bytes("40aabb"), command: .tgGetData)
        #expect(more.data == bytes("aabb") && more.moreInformation)
        #expect(throws: PN533Error.rfTimeout(command: .tgGetData)) {
            try PN533DataResponse(response: [0x01], command: .tgGetData)
        }
        #expect(
            throws: PN533Error.brokenLink(
                command: .tgGetInitiatorCommand, status: .releasedByInitiator)
        ) {
            try PN533DataResponse(response: [0x29], command: .tgGetInitiatorCommand)
        }
        #expect(throws: PN533Error.transmission(command: .inCommunicateThru, status: .crc)) {
            try PN533DataResponse(response: [0x02], command: .inCommunicateThru)
        }
    }

    @Test("status-only and empty responses accept exactly what they should")
    func checksBareResponses() throws {
        try PN533Response.requireSuccess([0x00], command: .writeRegister)
        try PN533Response.requireEmpty([], command: .rfConfiguration)
        #expect(throws: PN533Error.rfTimeout(command: .tgSetData)) {
            try PN533Response.requireSuccess([0x01], command: .tgSetData)
        }
        #expect(
            throws: PN533Error.malformedResponse(
                command: .setParameters, error: .trailingBytes(offset: 0, bytes: [0x00]))
        ) { try PN533Response.requireEmpty([0x00], command: .setParameters) }
    }

    /// Malformed data and the field, offset and value the error must name.
    static let malformed: [(String, @Sendable () throws -> Void, PN533Error)] = [
        (
            "firmware version cut short",
            { _ = try PN533FirmwareVersion(response: bytes("330207")) },
            .malformedResponse(
                command: .getFirmwareVersion,
                error: .truncated(field: "Support", offset: 3, needed: 1))
        ),
        (
            "general status with a field byte of 2",
            { _ = try PN533GeneralStatus(response: bytes("010203")) },
            .malformedResponse(
                command: .getGeneralStatus,
                error: .invalidValue(field: "Field", offset: 1, value: 2))
        ),
        (
            "two targets listed (a PN533 lists one)",
            { _ = try PN533TargetList(response: [2], modulation: .typeA106) },
            .malformedResponse(
                command: .inListPassiveTarget,
                error: .invalidValue(field: "NbTg", offset: 0, value: 2))
        ),
        (
            "type A NFCID cut short",
            { _ = try PN533TargetList(response: bytes("0101004400070416"), modulation: .typeA106) },
            .malformedResponse(
                command: .inListPassiveTarget,
                error: .truncated(field: "NFCID", offset: 6, needed: 5))
        ),
        (
            "ATS with length 0",
            {
                _ = try PN533TargetList(
                    response: bytes("0101000420040102030400"), modulation: .typeA106)
            },
            .malformedResponse(
                command: .inListPassiveTarget,
                error: .invalidValue(field: "ATS length", offset: 10, value: 0))
        ),
        (
            "FeliCa POL_RES with a bad length (nfcpy's chipset test data)",
            { _ = try PN533TargetList(response: bytes("010132"), modulation: .felica424) },
            .malformedResponse(
                command: .inListPassiveTarget,
                error: .invalidValue(field: "POL_RES length", offset: 2, value: 0x32))
        ),
        (
            "type B ATQB not starting with 50",
            {
                _ = try PN533TargetList(
                    response: bytes("0101 51e8253eec00000011008185 0100"), modulation: .typeB106)
            },
            .malformedResponse(
                command: .inListPassiveTarget,
                error: .invalidValue(field: "ATQB", offset: 2, value: 0x51))
        ),
        (
            "more register values than asked for",
            { _ = try PN533ReadRegister.values(response: bytes("00aabb"), count: 1) },
            .malformedResponse(
                command: .readRegister, error: .trailingBytes(offset: 2, bytes: [0xBB]))
        ),
        (
            "data response without its status byte",
            { _ = try PN533DataResponse(response: [], command: .inDataExchange) },
            .malformedResponse(
                command: .inDataExchange, error: .truncated(field: "status", offset: 0, needed: 1))
        ),
        (
            "TgInitAsTarget response without a mode byte",
            { _ = try TargetActivation(response: []) },
            .malformedResponse(
                command: .tgInitAsTarget, error: .truncated(field: "Mode", offset: 0, needed: 1))
        ),
        (
            "target status with a third byte",
            { _ = try PN533TargetStatus(response: bytes("010000")) },
            .malformedResponse(
                command: .tgGetTargetStatus, error: .trailingBytes(offset: 2, bytes: [0x00]))
        ),
    ]

    @Test("malformed responses fail naming the field, offset and value")
    func rejectsMalformedResponses() {
        for (name, parse, expected) in Self.malformed {
            #expect(throws: expected, "\(name)") { try parse() }
        }
    }
}
