import PN533

extension PN533Firmware {
    /// Starts command `code` (the firmware's `generation`th, arrived at `arrival`): its
    /// outcome when it needs no time or comes through the air, else the task that runs it.
    func begin(code: UInt8, data: [UInt8], generation: Int, arrival: SimulationInstant)
        -> CommandStart
    {
        guard let command = PN533Command(rawValue: code) else { return .now(.errorFrame) }
        switch command {
        case .diagnose:
            if data == [0x06] { return .task { await $0.presenceCheck() } }
            return .now(diagnose(data))
        case .getFirmwareVersion: return .now(.response(firmwareVersion))
        case .getGeneralStatus: return .task { await $0.generalStatus() }
        case .readRegister: return .task { await $0.readRegisters(data) }
        case .writeRegister: return .task { await $0.writeRegisters(data) }
        case .setParameters:
            guard data.count == 1 else { return .now(.errorFrame) }
            parameters = data[0]
            return .now(.response([]))
        case .rfConfiguration: return .task { await $0.rfConfiguration(data) }
        case .alparCommandForTDA:
            // ResetMode exists on the RC-S360 (IC 33, version 1) only.
            return .now(
                firmwareVersion.count > 1 && firmwareVersion[1] == 0x01
                    ? .response([]) : .errorFrame)
        case .inListPassiveTarget: return .task { await $0.listPassiveTargets(data) }
        case .inDataExchange: return dataExchange(data, generation: generation)
        case .inCommunicateThru: return communicateThru(data, generation: generation)
        case .inDeselect: return .task { await $0.deselect(data, release: false) }
        case .inRelease: return .task { await $0.deselect(data, release: true) }
        case .inSelect: return .task { await $0.select(data) }
        case .tgInitAsTarget:
            return .task { await $0.initAsTarget(data, generation: generation, arrival: arrival) }
        case .tgGetInitiatorCommand: return .now(getInitiatorCommand(generation: generation))
        case .tgResponseToInitiator:
            return .now(respondToInitiator(data, generation: generation))
        case .tgGetTargetStatus: return .now(targetStatus())
        case .tgGetData, .tgSetData, .tgSetMetaData, .tgSetGeneralBytes:
            // DEP target commands: an emulated ISO 14443-4 card is not in DEP mode.
            return .now(.response([0x25]))
        default:
            return .now(.errorFrame)
        }
    }

    /// Diagnose tests 00 (communication line: echo), 01 ROM, 02 RAM, 04 polling to target,
    /// 05 echo back, 07 antenna: passed. There is no test 03; 06 is `presenceCheck()`.
    private func diagnose(_ data: [UInt8]) -> FirmwareOutcome {
        guard let test = data.first else { return .errorFrame }
        switch test {
        case 0x00: return .response(data)
        case 0x01, 0x02, 0x04, 0x05, 0x07: return .response([0x00])
        default: return .errorFrame
        }
    }

    /// Err, Field (an external field is detected, as CIU_Status1's RFOn says: not the
    /// chip's own field), NbTg, and four bytes per target.
    private func generalStatus() async -> FirmwareOutcome {
        let external: UInt8 = await externalFieldDetected() ? 1 : 0
        var data: [UInt8] = [lastError, external, UInt8(initiator.targets.count)]
        for target in initiator.targets { data += [target.tg, 0x00, 0x00, 0x00] }
        return .response(data)
    }

    private func readRegisters(_ data: [UInt8]) async -> FirmwareOutcome {
        guard !data.isEmpty, data.count % 2 == 0 else { return .errorFrame }
        let addresses = stride(from: 0, to: data.count, by: 2).map {
            UInt16(data[$0]) << 8 | UInt16(data[$0 + 1])
        }
        // A PN533 answers an unreadable address with an error status and no values.
        guard addresses.allSatisfy(CIURegisterFile.isReadable) else { return .response([0xFF]) }
        var status1 = registers[CIURegister.status1] & ~CIURegister.rfOn
        if addresses.contains(CIURegister.status1), await externalFieldDetected() {
            status1 |= CIURegister.rfOn
        }
        var divIrqValue: UInt8 = 0
        if addresses.contains(CIURegister.divIrq) {
            divIrqValue = divIrq.value(edges: await externalFieldEdges(), inField: inField)
        }
        let values = addresses.map {
            switch $0 {
            case CIURegister.status1: status1
            case CIURegister.divIrq: divIrqValue
            default: registers.read($0)
            }
        }
        return .response([0x00] + values)
    }

    /// The edges in the other readers' fields the RF level detector has sensed.
    func externalFieldEdges() async -> ExternalFieldEdges {
        await field.externalFieldEdges(seenBy: readerHandle)
    }

    /// What the RF level detector senses: another reader's field, where the antenna is.
    private func externalFieldDetected() async -> Bool {
        guard inField else { return false }
        return await field.isPowered(byOtherThan: readerHandle)
    }

    private func writeRegisters(_ data: [UInt8]) async -> FirmwareOutcome {
        guard !data.isEmpty, data.count % 3 == 0 else { return .errorFrame }
        for index in stride(from: 0, to: data.count, by: 3) {
            let address = UInt16(data[index]) << 8 | UInt16(data[index + 1])
            if address == CIURegister.divIrq {
                divIrq.write(data[index + 2], edges: await externalFieldEdges())
            } else {
                registers[address] = data[index + 2]
            }
        }
        return .response([0x00])
    }

    private func rfConfiguration(_ data: [UInt8]) async -> FirmwareOutcome {
        guard let item = data.first else { return .errorFrame }
        let values = Array(data.dropFirst())
        switch item {
        case 0x01:
            guard values.count == 1 else { return .errorFrame }
            await setField(values[0] & 0x01 != 0)
        case 0x02:
            guard values.count == 3 else { return .errorFrame }
            rf.retryTimeoutCode = values[2]
        case 0x04:
            guard values.count == 1 else { return .errorFrame }
            rf.communicationRetries = values[0]
        case 0x05:
            guard values.count == 3 else { return .errorFrame }
            rf.passiveActivationRetries = values[2]
        default:
            guard !values.isEmpty else { return .errorFrame }
        }
        return .response([])
    }

    func setField(_ on: Bool) async {
        let reader = await joinedReader()
        guard rf.fieldOn != on else { return }
        rf.fieldOn = on
        record(.rf(on ? "field on" : "field off"))
        await field.setField(on, by: reader)
        if !on { initiator = InitiatorState() }
    }

    func joinedReader() async -> RFField.ReaderHandle {
        if let readerHandle { return readerHandle }
        let handle = await field.joinAsReader()
        readerHandle = handle
        return handle
    }
}
