import PN533
import PN533USB

/// What `nfcrig devices` found: the readers on USB and, for each, its firmware or why it
/// could not be opened.
struct DeviceSurvey: Sendable {
    /// One reader and what opening it gave.
    struct Entry: Sendable {
        let info: PN533USBDeviceInfo
        let firmware: Result<PN533FirmwareVersion, DeviceOpenFailure>
    }

    /// The readers, or why the bus could not be searched.
    let listing: Result<[Entry], PN533USBError>

    /// Lists the readers and opens each in turn, one at a time (readers on one hub share it).
    static func take() async -> DeviceSurvey {
        let devices: [PN533USBDeviceInfo]
        do throws(PN533USBError) {
            devices = try await PN533USBDevice.listDevices()
        } catch {
            return DeviceSurvey(listing: .failure(error))
        }
        var entries: [Entry] = []
        for info in devices {
            entries.append(Entry(info: info, firmware: await firmware(of: info)))
        }
        return DeviceSurvey(listing: .success(entries))
    }

    private static func firmware(
        of info: PN533USBDeviceInfo
    ) async -> Result<PN533FirmwareVersion, DeviceOpenFailure> {
        let transport: PN533USBTransport
        do throws(PN533USBError) {
            transport = try await PN533USBDevice.open(info.selector).transport
        } catch {
            return .failure(.usb(error))
        }
        return await transport.closeAfter { transport in
            do throws(PN533Error) {
                return .success(try await PN533Device(transport: transport).open())
            } catch {
                return .failure(DeviceOpenFailure(error, device: info))
            }
        }
    }
}

/// Why a listed reader could not report its firmware.
enum DeviceOpenFailure: Error, Sendable {
    /// Opening or keeping the USB device failed; the error carries the fix.
    case usb(PN533USBError)
    /// The chip did not answer as a PN533 does.
    case chip(PN533Error)

    /// A driver error, explained in USB terms when the device went away.
    init(_ error: PN533Error, device: PN533USBDeviceInfo) {
        self = PN533USBError(error, device: device).map(Self.usb) ?? .chip(error)
    }

    /// What went wrong.
    var problem: String {
        switch self {
        case .usb(let error): error.problem
        case .chip(.transport(.io(let message))): "USB I/O failed: \(message)"
        case .chip(let error): "the reader did not answer GetFirmwareVersion: \(error)"
        }
    }

    /// What to do about it.
    var fix: String {
        switch self {
        case .usb(let error): error.fix
        case .chip: "unplug and replug the reader; if it persists, it may not be a PN533"
        }
    }
}
