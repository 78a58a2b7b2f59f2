/// The shortest time one APDU exchange can take on ISO/IEC 14443 type A air (DESIGN §4):
/// the command I-block, the card's response delay, the response I-block and the reader's
/// guard time before its next frame,
/// `[9(C+3)+1]·etu + 1172/fc + [9(R+3)+1]·etu + 6780/fc`,
/// where each block adds 3 bytes (PCB and CRC_A) to the APDU and every byte is 9 bits.
///
/// An APDU longer than one frame carries (``frameSize`` − 3 bytes of it per I-block, FSC for
/// a command, FSD for a response; 256, the largest, by default) goes in chained parts: each
/// part but the last of a command is answered by the card's R(ACK), each part of a response
/// after the first is asked for by the reader's R(ACK) (3 bytes each: PCB and CRC_A), every
/// such pair an exchange of ``AirSequence`` of its own.
///
/// Computed from the formula alone, not from the simulator's timing model, so that the
/// simulator can be held against it.
public struct APDUAirLimit: Sendable, Hashable {
    /// The carrier frequency fc in Hz.
    public static let carrierHertz = AirFrames.carrierHertz
    /// Carrier cycles from the end of the reader's frame to the card's answer.
    public static let responseDelayCycles = AirFrames.responseDelayCycles
    /// Carrier cycles from the end of the card's answer to the reader's next frame.
    public static let guardTimeCycles = AirFrames.guardTimeCycles
    /// The largest frame ISO/IEC 14443-4 allows without extensions (FSC and FSD 256).
    public static let largestFrameSize = 256
    /// What a block adds to its information field: the PCB and the CRC_A.
    static let blockOverhead = 3

    /// Command APDU bytes (C).
    public var commandBytes: Int
    /// Response APDU bytes, status word included (R).
    public var responseBytes: Int
    /// The bit rate in kbps: 106, 212 or 424.
    public var bitrateKbps: Int
    /// The largest frame either side takes, CRC_A included (FSC, FSD).
    public var frameSize: Int

    /// The limit for a C-byte command and an R-byte response at `bitrateKbps`.
    public init(
        commandBytes: Int, responseBytes: Int, bitrateKbps: Int,
        frameSize: Int = Self.largestFrameSize
    ) {
        self.commandBytes = commandBytes
        self.responseBytes = responseBytes
        self.bitrateKbps = bitrateKbps
        self.frameSize = frameSize
    }

    /// One etu in seconds: 128/fc at 106 kbps, halved with each doubling of the bit rate.
    public var etuSeconds: Double { AirFrames.etuSeconds(bitRateKbps: bitrateKbps) }

    /// The exchanges on the air: one for an APDU and answer that each fit a frame; with
    /// chaining, one more per extra part.
    public var sequence: AirSequence {
        let room = max(1, frameSize - Self.blockOverhead)
        func parts(_ bytes: Int) -> [Int] {
            guard bytes > room else { return [max(0, bytes)] }
            return stride(from: 0, to: bytes, by: room).map { min(room, bytes - $0) }
        }
        let commandParts = parts(commandBytes)
        let responseParts = parts(responseBytes)
        let ack = Self.blockOverhead
        var exchanges = commandParts.dropLast().map {
            AirExchange.frames(command: $0 + Self.blockOverhead, answer: ack)
        }
        exchanges.append(
            .frames(
                command: commandParts[commandParts.count - 1] + Self.blockOverhead,
                answer: responseParts[0] + Self.blockOverhead))
        exchanges += responseParts.dropFirst().map {
            AirExchange.frames(command: ack, answer: $0 + Self.blockOverhead)
        }
        return AirSequence(exchanges)
    }

    /// The exchange without the guard time before the next frame: one lone APDU.
    public var exchangeSecondsWithoutGuardTime: Double {
        sequence.seconds(bitRateKbps: bitrateKbps)
    }

    /// The whole formula: the period of back-to-back exchanges.
    public var exchangeSeconds: Double {
        exchangeSecondsWithoutGuardTime + AirFrames.guardTimeSeconds
    }

    /// The most exchanges per second the air allows.
    public var exchangesPerSecond: Double { 1 / exchangeSeconds }
}
