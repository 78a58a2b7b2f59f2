import NFCRigTestSupport
import PN533Sim
import TagFormat

/// An NFC Forum Type 2 Tag in software (an NTAG-like memory): READ returns 16 bytes rolling
/// over at the end of memory, WRITE stores 4 bytes and ACKs. Block 2's lock bytes and the CC
/// are one-time programmable (bits only set), and blocks the static lock bits lock, like the
/// UID blocks, answer NAK. It can leave the field after a number of commands.
final class Type2TestTag: Sendable {
    struct State {
        var memory: [UInt8]
        var commands: [[UInt8]] = []
        var departure = Departure()
    }

    let identity: TypeAIdentity
    private let state: Locked<State>

    /// A tag formatted by `Type2TagMemory` with `message`.
    init(
        message: [UInt8], dataAreaSize: Int = 144, readOnly: Bool = false,
        lockControl: Type2LockControl? = nil, memoryControls: [Type2MemoryControl] = [],
        uid: [UInt8] = [0x04, 0x51, 0x62, 0x73, 0x84, 0x95, 0xA6]
    ) throws {
        let image = try Type2TagMemory(
            uid: uid, dataAreaSize: dataAreaSize, ndefMessage: message, readOnly: readOnly,
            lockControl: lockControl, memoryControls: memoryControls)
        identity = try TypeAIdentity(uid: uid, sensRes: [0x00, 0x44], selRes: 0x00)
        state = Locked(State(memory: image.bytes + [UInt8](repeating: 0, count: 16)))
    }

    /// A tag holding exactly `memory`.
    init(memory: [UInt8], uid: [UInt8] = [0x04, 0x51, 0x62, 0x73, 0x84, 0x95, 0xA6]) throws {
        identity = try TypeAIdentity(uid: uid, sensRes: [0x00, 0x44], selRes: 0x00)
        state = Locked(State(memory: memory))
    }

    func softwareTag(clock: SimulationClock) -> SoftwareTag {
        SoftwareTag(identity: identity) { [self] frame in answer(frame) }
    }

    var memory: [UInt8] { state.withLock { $0.memory } }
    var commands: [[UInt8]] { state.withLock { $0.commands } }
    var writes: [[UInt8]] { commands.filter { $0.first == Type2Tag.writeCommand } }

    /// The NDEF message the memory holds now, by the TLV walk.
    var storedMessage: [UInt8]? {
        try? Type2TagMemory.ndefMessage(in: memory)
    }

    func change(_ body: (inout State) -> Void) { state.withLock { body(&$0) } }

    /// Answers `count` more commands, then leaves (carrying out the next one when
    /// `applyingTheLast`).
    func leave(afterCommands count: Int, applyingTheLast: Bool = false) {
        state.withLock { $0.departure.schedule(after: count, carryingOutTheLast: applyingTheLast) }
    }

    private func answer(_ frame: AirFrame) -> AirFrame? {
        state.withLock { state in
            guard !state.departure.gone, let command = frame.payloadCheckingCRC, !command.isEmpty
            else { return nil }
            switch state.departure.next() {
            case .answer: return Self.process(command, &state)
            case .carryOutSilently: _ = Self.process(command, &state)
            case .ignore: break
            }
            return nil
        }
    }

    private static let ack = AirFrame(bytes: [Type2Tag.ack], lastByteBits: 4)
    private static let nak = AirFrame(bytes: [0x00], lastByteBits: 4)

    private static func process(_ command: [UInt8], _ state: inout State) -> AirFrame? {
        state.commands.append(command)
        let memory = state.memory
        switch command[0] {
        case Type2Tag.readCommand where command.count == 2:
            let start = Int(command[1]) * 4
            guard start < memory.count else { return nak }
            return .withCRC((start..<start + 16).map { memory[$0 % memory.count] })
        case Type2Tag.writeCommand where command.count == 6:
            let block = Int(command[1])
            let start = block * 4
            guard block >= 2, start + 4 <= memory.count, !isLocked(block, memory) else {
                return nak
            }
            for index in 0..<4 {
                let byte = command[2 + index]
                switch block {
                case 2 where index < 2: continue
                case 2, 3: state.memory[start + index] |= byte
                default: state.memory[start + index] = byte
                }
            }
            return ack
        default:
            return nak
        }
    }

    /// Static lock bits: byte 10 bits 3–7 lock blocks 3–7, byte 11 bits 0–7 blocks 8–15.
    private static func isLocked(_ block: Int, _ memory: [UInt8]) -> Bool {
        switch block {
        case 3...7: memory[10] & (1 << block) != 0
        case 8...15: memory[11] & (1 << (block - 8)) != 0
        default: false
        }
    }
}
