import ISODEP

/// The ISO-DEP decoders (Sources/ISODEP): a block (`ISODEPBlock(bytes:)`), an ATS and a RATS,
/// each fed the whole input; then a card session fed the input as blocks
/// (`ISODEPCardSessionCheck`).
///
/// Properties, as `ISODEPFuzzTests` states them: what decodes encodes back to the very bytes
/// (every bit ISO/IEC 14443-4 reserves is rejected, so no two inputs decode alike); an
/// error's offset lies inside the input.
public enum ISODEPTarget: FuzzTarget {
    public static let name = "isodep"

    public static func check(_ input: [UInt8]) throws(PropertyFailure) {
        switch Result(catching: { () throws(ISODEPBlockError) in try ISODEPBlock(bytes: input) }) {
        case .success(let block):
            try PropertyFailure.require(
                block.encode() == input, "a decoded block encodes to its bytes",
                "\(block) encodes to \(block.encode())")
        case .failure(let error):
            try PropertyFailure.requireOffset(blockOffset(error), in: input, error)
        }
        switch Result(catching: { () throws(ATSError) in try ATS(bytes: input) }) {
        case .success(let ats):
            try PropertyFailure.require(
                ats.encode() == input, "a decoded ATS encodes to its bytes",
                "\(ats) encodes to \(ats.encode())")
        case .failure(let error):
            try PropertyFailure.requireOffset(atsOffset(error), in: input, error)
        }
        switch Result(catching: { () throws(RATSError) in try RATS(bytes: input) }) {
        case .success(let rats):
            try PropertyFailure.require(
                rats.encode() == input, "a decoded RATS encodes to its bytes",
                "\(rats) encodes to \(rats.encode())")
        case .failure(.reservedCID(let parameter, let offset)):
            try PropertyFailure.requireOffset(offset, in: input, "reserved CID in \(parameter)")
        case .failure:
            break
        }
        try ISODEPCardSessionCheck.check(input)
    }

    static func blockOffset(_ error: ISODEPBlockError) -> Int {
        switch error {
        case .empty, .unknownBlockType, .reservedPCBBits, .unsupportedSBlock: 0
        case .truncated(_, _, let offset), .reservedCID(_, let offset),
            .waitingTimeExtensionOutOfRange(_, let offset), .trailingBytes(_, let offset, _):
            offset
        }
    }

    static func atsOffset(_ error: ATSError) -> Int {
        switch error {
        case .empty, .lengthMismatch: 0
        case .reservedBit(_, _, let offset), .truncated(_, let offset): offset
        }
    }
}
