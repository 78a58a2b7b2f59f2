import HexText
import PN533
import PN533USB

/// `nfcrig devices` output: a table for people, JSON for scripts.
struct DevicesReport {
    let survey: DeviceSurvey

    /// The table, then each failure with its fix; or one plain sentence when nothing is there.
    func text() -> String {
        let entries: [DeviceSurvey.Entry]
        switch survey.listing {
        case .failure(let error): return "error: could not search USB: \(error)"
        case .success(let found): entries = found
        }
        guard !entries.isEmpty else {
            return "No PN533 reader found on USB (looked for "
                + PN533USBModel.known.map { "\($0.ids) \($0.name)" }.joined(separator: ", ")
                + ")."
        }
        var rows = [["INDEX", "BUS:ADDR", "VID:PID", "MODEL", "SERIAL", "FIRMWARE"]]
        var failures: [String] = []
        for entry in entries {
            let info = entry.info
            let firmware: String
            switch entry.firmware {
            case .success(let version): firmware = Self.describe(version)
            case .failure(let failure):
                firmware = "not opened (see below)"
                failures.append("\(info.index): \(failure.problem)\nfix: \(failure.fix)")
            }
            rows.append([
                String(info.index), info.location, info.model.ids, info.model.name,
                info.serialNumber ?? "-", firmware,
            ])
        }
        return ([Self.table(rows)] + failures).joined(separator: "\n\n")
    }

    /// One JSON object: `schema`, `devices` (each with `firmware` or `error` and `fix`), and
    /// `error`/`fix` when USB could not be searched.
    func json() -> String {
        var members: [(String, JSONValue)] = [("schema", .string("nfcrig.devices/1"))]
        switch survey.listing {
        case .failure(let error):
            members += [
                ("devices", .array([])), ("error", .string(error.problem)),
                ("fix", .string(error.fix)),
            ]
        case .success(let entries):
            members.append(("devices", .array(entries.map(Self.json))))
        }
        return JSONValue.object(members).serialized()
    }

    private static func json(_ entry: DeviceSurvey.Entry) -> JSONValue {
        let info = entry.info
        var members: [(String, JSONValue)] = [
            ("index", .int(info.index)),
            ("location", .string(info.location)),
            ("bus", .int(Int(info.bus))),
            ("address", .int(Int(info.address))),
            ("portPath", info.portPathName.map(JSONValue.string) ?? .null),
            ("vendorID", .string(Hex.digits(info.model.vendorID))),
            ("productID", .string(Hex.digits(info.model.productID))),
            ("model", .string(info.model.name)),
            ("serial", info.serialNumber.map(JSONValue.string) ?? .null),
        ]
        switch entry.firmware {
        case .success(let version):
            members.append(
                (
                    "firmware",
                    .object([
                        ("chip", .string(chipName(version.chip))),
                        ("ic", .string(Hex.digits(version.ic))),
                        ("version", .int(Int(version.version))),
                        ("revision", .int(Int(version.revision))),
                        ("support", .string(Hex.digits(version.support))),
                    ])
                ))
            members += [("error", .null), ("fix", .null)]
        case .failure(let failure):
            members += [
                ("firmware", .null), ("error", .string(failure.problem)),
                ("fix", .string(failure.fix)),
            ]
        }
        return .object(members)
    }

    /// E.g. `PN533 v2.7 (IC 33, support 07)`.
    static func describe(_ version: PN533FirmwareVersion) -> String {
        "\(chipName(version.chip)) v\(version.version).\(version.revision) "
            + "(IC \(Hex.digits(version.ic)), support \(Hex.digits(version.support)))"
    }

    private static func chipName(_ chip: PN533Chip) -> String {
        switch chip {
        case .pn533: "PN533"
        case .rcs360: "RC-S360"
        case .pn532: "PN532"
        case .unknown(let ic): "unknown (IC \(Hex.digits(ic)))"
        }
    }

    private static func table(_ rows: [[String]]) -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }.joined()
        }.joined(separator: "\n")
    }
}
