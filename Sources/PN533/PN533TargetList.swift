/// The targets an InListPassiveTarget response lists, in the layout of the modulation polled.
public enum PN533TargetList: Sendable, Hashable {
    /// Type A targets (BrTy 00).
    case typeA([PassiveTarget])
    /// FeliCa targets (BrTy 01, 02).
    case felica([FeliCaTarget])
    /// Type B targets (BrTy 03, 06, 07, 08).
    case typeB([TypeBTarget])
    /// Jewel targets (BrTy 04).
    case jewel([JewelTarget])

    /// How many targets were found.
    public var count: Int {
        switch self {
        case .typeA(let targets): targets.count
        case .felica(let targets): targets.count
        case .typeB(let targets): targets.count
        case .jewel(let targets): targets.count
        }
    }

    /// Parses `NbTg` and the targets after it, laid out as `modulation` lays them out.
    public init(response data: [UInt8], modulation: PN533Modulation) throws(PN533Error) {
        var reader = PN533ResponseReader(data, command: .inListPassiveTarget)
        let count = try reader.readByte("NbTg")
        guard count <= PN533InListPassiveTarget.maximumTargets else {
            throw reader.invalid("NbTg", at: 0, count)
        }
        switch modulation {
        case .typeA106:
            self = .typeA(try Self.typeATargets(&reader, count: Int(count)))
        case .felica212, .felica424:
            self = .felica(try Self.targets(&reader, count: count, Self.felicaTarget))
        case .typeB106, .typeB212, .typeB424, .typeB847:
            self = .typeB(try Self.targets(&reader, count: count, Self.typeBTarget))
        case .jewel106:
            self = .jewel(try Self.targets(&reader, count: count, Self.jewelTarget))
        }
        try reader.finish()
    }

    private static func targets<Target>(
        _ reader: inout PN533ResponseReader, count: UInt8,
        _ parse: (inout PN533ResponseReader) throws(PN533Error) -> Target
    ) throws(PN533Error) -> [Target] {
        var targets: [Target] = []
        for _ in 0..<count { targets.append(try parse(&reader)) }
        return targets
    }

    /// Type A targets carry an ATS only when the chip sent RATS, which the layout does not
    /// flag: after a non-final ISO/IEC 14443-4 target the ATS reading is tried first and
    /// dropped if the targets after it do not parse; after the final target any bytes left
    /// are its ATS.
    private static func typeATargets(
        _ reader: inout PN533ResponseReader, count: Int
    ) throws(PN533Error) -> [PassiveTarget] {
        guard count > 0 else { return [] }
        var target = try typeATarget(&reader)
        if count == 1 {
            if !reader.isAtEnd { target.ats = try ats(&reader) }
            return [target]
        }
        if target.supportsISODEP, !reader.isAtEnd {
            var withATS = reader
            if let ats = try? ats(&withATS),
                let rest = try? typeATargets(&withATS, count: count - 1)
            {
                target.ats = ats
                reader = withATS
                return [target] + rest
            }
        }
        return [target] + (try typeATargets(&reader, count: count - 1))
    }

    private static func typeATarget(
        _ reader: inout PN533ResponseReader
    ) throws(PN533Error) -> PassiveTarget {
        let tg = try reader.readByte("Tg")
        let sensRes = try reader.readBytes(2, "SENS_RES")
        let selRes = try reader.readByte("SEL_RES")
        let nfcidLength = try reader.readByte("NFCIDLength")
        let nfcid = try reader.readBytes(Int(nfcidLength), "NFCID")
        return PassiveTarget(tg: tg, sensRes: sensRes, selRes: selRes, nfcid: nfcid)
    }

    /// An ATS whose first byte (TL) counts the whole ATS, itself included.
    private static func ats(_ reader: inout PN533ResponseReader) throws(PN533Error) -> [UInt8] {
        let offset = reader.offset
        guard let length = reader.peek(), length > 0 else {
            throw reader.invalid("ATS length", at: offset, reader.peek() ?? 0)
        }
        return try reader.readBytes(Int(length), "ATS")
    }

    /// POL_RES, its length byte (12 or 14, counting itself) first.
    private static func felicaTarget(
        _ reader: inout PN533ResponseReader
    ) throws(PN533Error) -> FeliCaTarget {
        let tg = try reader.readByte("Tg")
        let lengthOffset = reader.offset
        let length = try reader.readByte("POL_RES length")
        guard length == 0x12 || length == 0x14 else {
            throw reader.invalid("POL_RES length", at: lengthOffset, length)
        }
        let responseCode = try reader.readByte("response code")
        let idm = try reader.readBytes(8, "NFCID2 (IDm)")
        let pmm = try reader.readBytes(8, "PMm")
        let systemCode = length == 0x14 ? try reader.readBytes(2, "system code") : nil
        return FeliCaTarget(
            tg: tg, responseCode: responseCode, idm: idm, pmm: pmm, systemCode: systemCode)
    }

    private static func typeBTarget(
        _ reader: inout PN533ResponseReader
    ) throws(PN533Error) -> TypeBTarget {
        let tg = try reader.readByte("Tg")
        let atqbOffset = reader.offset
        let atqb = try reader.readBytes(12, "ATQB")
        guard atqb[0] == 0x50 else { throw reader.invalid("ATQB", at: atqbOffset, atqb[0]) }
        let attribLength = try reader.readByte("ATTRIB_RES length")
        let attribRes = try reader.readBytes(Int(attribLength), "ATTRIB_RES")
        return TypeBTarget(tg: tg, atqb: atqb, attribRes: attribRes)
    }

    private static func jewelTarget(
        _ reader: inout PN533ResponseReader
    ) throws(PN533Error) -> JewelTarget {
        let tg = try reader.readByte("Tg")
        let sensRes = try reader.readBytes(2, "SENS_RES")
        let jewelID = try reader.readBytes(4, "JEWELID")
        return JewelTarget(tg: tg, sensRes: sensRes, jewelID: jewelID)
    }
}
