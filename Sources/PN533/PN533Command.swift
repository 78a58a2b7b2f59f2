import HexText

/// The PN533 command codes, named as in the NXP PN533 user manual (UM0801); the response
/// code is the command code plus one (DESIGN.md §3).
public enum PN533Command: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    // Miscellaneous
    /// Self tests, including the communication line echo.
    case diagnose = 0x00
    /// IC, firmware version and revision.
    case getFirmwareVersion = 0x02
    /// Last error, external field, targets in use.
    case getGeneralStatus = 0x04
    /// Reads CIU/SFR/XRAM registers.
    case readRegister = 0x06
    /// Writes CIU/SFR/XRAM registers.
    case writeRegister = 0x08
    /// Reads the GPIO ports.
    case readGPIO = 0x0C
    /// Writes the GPIO ports.
    case writeGPIO = 0x0E
    /// Sets the firmware's behaviour flags.
    case setParameters = 0x12
    /// AlparCommandForTDA on a PN533; on a Sony RC-S360 (RC-S956) the same code is
    /// ResetMode, see `resetMode`.
    case alparCommandForTDA = 0x18
    // RF communication
    /// Configures the RF field, timeouts, retries, analog settings.
    case rfConfiguration = 0x32
    /// Emits a continuous carrier for regulation tests.
    case rfRegulationTest = 0x58
    // Initiator
    /// Activates an NFC-DEP target (active or passive).
    case inJumpForDEP = 0x56
    /// Activates an NFC-DEP target and changes its bit rate.
    case inJumpForPSL = 0x46
    /// Polls for passive targets and activates them.
    case inListPassiveTarget = 0x4A
    /// Sends ATR_REQ to a listed target.
    case inATR = 0x50
    /// Changes the bit rate with a DEP target.
    case inPSL = 0x4E
    /// Exchanges data with a target through the chip's protocol handling.
    case inDataExchange = 0x40
    /// Exchanges raw frames with a target.
    case inCommunicateThru = 0x42
    /// Exchanges quartets with a PayPass target.
    case inQuartetByteExchange = 0x38
    /// Deselects targets, keeping their information.
    case inDeselect = 0x44
    /// Releases targets.
    case inRelease = 0x52
    /// Selects a deselected target.
    case inSelect = 0x54
    /// Activates or deactivates a PayPass target.
    case inActivateDeactivatePaypass = 0x48
    // Target
    /// Configures the chip as target and waits for an initiator.
    case tgInitAsTarget = 0x8C
    /// Sets the general bytes of ATR_RES.
    case tgSetGeneralBytes = 0x92
    /// Gets DEP data from the initiator.
    case tgGetData = 0x86
    /// Sends DEP data to the initiator.
    case tgSetData = 0x8E
    /// Sends DEP data with NFC Secure.
    case tgSetDataSecure = 0x96
    /// Sends chained DEP data to the initiator.
    case tgSetMetaData = 0x94
    /// Sends chained DEP data with NFC Secure.
    case tgSetMetaDataSecure = 0x98
    /// Gets the initiator's next command (non-DEP).
    case tgGetInitiatorCommand = 0x88
    /// Answers the initiator's command (non-DEP).
    case tgResponseToInitiator = 0x90
    /// The chip's state as target.
    case tgGetTargetStatus = 0x8A

    /// The RC-S360's ResetMode (18), which returns its stricter state machine to mode 0.
    public static var resetMode: PN533Command { .alparCommandForTDA }

    /// The code of this command's response frame.
    public var responseCode: UInt8 { rawValue &+ 1 }

    /// The manual's name and code, e.g. `InListPassiveTarget (4A)`.
    public var description: String {
        "\(name) (\(Hex.digits(rawValue, uppercase: true)))"
    }

    /// The manual's name, e.g. `InListPassiveTarget`.
    public var name: String {
        switch self {
        case .diagnose: "Diagnose"
        case .getFirmwareVersion: "GetFirmwareVersion"
        case .getGeneralStatus: "GetGeneralStatus"
        case .readRegister: "ReadRegister"
        case .writeRegister: "WriteRegister"
        case .readGPIO: "ReadGPIO"
        case .writeGPIO: "WriteGPIO"
        case .setParameters: "SetParameters"
        case .alparCommandForTDA: "AlparCommandForTDA"
        case .rfConfiguration: "RFConfiguration"
        case .rfRegulationTest: "RFRegulationTest"
        case .inJumpForDEP: "InJumpForDEP"
        case .inJumpForPSL: "InJumpForPSL"
        case .inListPassiveTarget: "InListPassiveTarget"
        case .inATR: "InATR"
        case .inPSL: "InPSL"
        case .inDataExchange: "InDataExchange"
        case .inCommunicateThru: "InCommunicateThru"
        case .inQuartetByteExchange: "InQuartetByteExchange"
        case .inDeselect: "InDeselect"
        case .inRelease: "InRelease"
        case .inSelect: "InSelect"
        case .inActivateDeactivatePaypass: "InActivateDeactivatePaypass"
        case .tgInitAsTarget: "TgInitAsTarget"
        case .tgSetGeneralBytes: "TgSetGeneralBytes"
        case .tgGetData: "TgGetData"
        case .tgSetData: "TgSetData"
        case .tgSetDataSecure: "TgSetDataSecure"
        case .tgSetMetaData: "TgSetMetaData"
        case .tgSetMetaDataSecure: "TgSetMetaDataSecure"
        case .tgGetInitiatorCommand: "TgGetInitiatorCommand"
        case .tgResponseToInitiator: "TgResponseToInitiator"
        case .tgGetTargetStatus: "TgGetTargetStatus"
        }
    }
}
