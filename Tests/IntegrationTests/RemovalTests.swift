import HexText
import NDEF
import NFCRigTestSupport
import PN533Sim
import Rig
import SimulatedRigSupport
import TagEmulation
import TagReader
import Testing

/// The tag taken out of the field before each command of a read and of a write reaches it:
/// the reader reports the loss, and after a tearing-safe write the emulated tag holds the
/// old message, none, or the new one, never a corrupt one.
@Suite struct RemovalTests {
    /// The message on the tag and the one a write replaces it with.
    struct Change: Sendable {
        var old: NDEFMessage
        var new: NDEFMessage

        static let small = Change(
            old: TestMessages.uri("https://old.example/a/longer/path"), new: TestMessages.texts(4))
        /// On a Type 2 Tag, from a 1-byte NDEF TLV length to the 3-byte form: the message
        /// moves two bytes on.
        static let growing = Change(
            old: TestMessages.uri("https://old.example/a/longer/path"), new: TestMessages.texts(24))
    }

    enum Operation: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case read, write
        var testDescription: String { rawValue }
    }

    /// When the tag leaves the field during the operation.
    enum Removal: Sendable {
        /// It stays.
        case never
        /// Once this many more bytes went from the reader chip to it, before the frame that
        /// would pass them (`PN533Fault.targetLeavesAfter`): that command never reaches it.
        case beforeFrame(bytes: Int)
        /// `RigTagSlot.remove()` at this virtual instant, just after the tag received and
        /// carried out a command and before its answer is whole on the air.
        case at(Duration)
    }

    /// What one run of an operation came to.
    struct Outcome: Sendable {
        var error: NFCReaderError?
        /// The frames the reader chip sent to the card during the operation.
        var frames: [[UInt8]]
        /// The commands the tag received during the operation, and when.
        var commands: [(bytes: [UInt8], at: Duration)]
        var history: WriteHistory?
        var readerEvents: [ReaderEvent]
    }

    /// `operation` on a fresh pair, the tag leaving as `removal` says.
    static func run(
        _ kind: TagKind, _ operation: Operation, _ change: Change = .small,
        removal: Removal = .never
    ) async throws -> Outcome {
        let bench = try await Bench()
        let (error, frames, commands) = try await bench.run(kind.setup(change.old)) {
            try await bench.connect()
            let start = bench.clock.now
            let before = await bench.events().count
            switch removal {
            case .never: break
            case .beforeFrame(let bytes):
                await bench.readerChip.inject(.targetLeavesAfter(bytes: bytes))
            case .at(let instant):
                let clock = bench.clock
                _ = clock.spawn {
                    try await clock.sleep(until: SimulationInstant(offset: instant))
                    await bench.slot.remove()
                }
            }
            let error = await caught(NFCReaderError.self) {
                switch operation {
                case .read: _ = try await bench.reader.readNDEF()
                case .write: try await bench.reader.writeNDEF(change.new)
                }
            }
            let commands = await bench.events().dropFirst(before).compactMap { event in
                if case .received(let bytes) = event.kind { (bytes, event.at) } else { nil }
            }
            return (error, await bench.readerChip.framesToCard(from: start), commands)
        }
        return Outcome(
            error: error, frames: frames, commands: commands,
            history: await bench.slot.writeHistory(), readerEvents: bench.readerEvents.all)
    }

    /// The operation with the tag staying in the field, which must succeed.
    static func wholeOperation(
        _ kind: TagKind, _ operation: Operation, _ change: Change = .small
    ) async throws -> Outcome {
        let full = try await run(kind, operation, change)
        #expect(full.error == nil)
        #expect(full.commands.count >= 3)
        if operation == .write {
            #expect(
                full.history?.finalState
                    == .message(change.new, bytes: TestMessages.bytes(change.new)))
        }
        return full
    }

    /// Checks a run torn by `removal` against the whole operation `full`: the reader lost
    /// the tag, the tag saw a prefix of the whole operation's commands, and a write left no
    /// corrupt message. The torn run, nil when the reader did not report the loss.
    static func checkTornRun(
        _ kind: TagKind, _ operation: Operation, _ change: Change = .small, removal: Removal,
        full: Outcome, context: String
    ) async throws -> Outcome? {
        let torn = try await run(kind, operation, change, removal: removal)
        guard case .tagConnectionLost = torn.error else {
            Issue.record("\(context): \(String(describing: torn.error))")
            return nil
        }
        let commands = torn.commands.map(\.bytes)
        #expect(commands == full.commands.prefix(commands.count).map(\.bytes), "\(context)")
        let history = try #require(torn.history, "\(context)")
        switch operation {
        case .read:
            #expect(history.writes == [], "\(context)")
            #expect(torn.readerEvents.contains { $0.kind == .restartPolling }, "\(context)")
        case .write:
            let acceptable: [StoredNDEF] = [
                .message(change.old, bytes: TestMessages.bytes(change.old)), .empty,
                .message(change.new, bytes: TestMessages.bytes(change.new)),
            ]
            #expect(acceptable.contains(history.finalState), "\(context): \(history.finalState)")
            #expect(history.safety == .tearingSafe, "\(context)")
            guard case .writeFailed(.tagConnectionLost) = torn.readerEvents.last?.kind else {
                Issue.record("\(context): last event \(String(describing: torn.readerEvents.last))")
                return torn
            }
        }
        return torn
    }

    @Test(arguments: TagKind.allCases, Operation.allCases)
    func aTagRemovedBeforeEachCommandReachesItIsReportedLostAndNeverCorrupted(
        kind: TagKind, operation: Operation
    ) async throws {
        let full = try await Self.wholeOperation(kind, operation)
        let count = full.commands.count
        // Where each frame of the whole operation starts, in bytes sent to the card.
        var starts = [0]
        for frame in full.frames.dropLast() {
            starts.append(starts[starts.count - 1] + frame.count)
        }
        var missed: Set<Int> = []
        for (index, bytes) in starts.enumerated() {
            let context = "\(kind) \(operation) torn before frame \(index) of \(starts.count)"
            let torn = try await Self.checkTornRun(
                kind, operation, removal: .beforeFrame(bytes: bytes), full: full,
                context: context)
            if let torn { missed.insert(torn.commands.count) }
        }
        // Every command of the operation was the first one the tag missed in some run.
        #expect(Set(0..<count).isSubset(of: missed))
    }

    @Test(arguments: TagKind.allCases, Operation.allCases)
    func aTagRemovedJustAfterCarryingOutEachCommandIsReportedLostAndNeverCorrupted(
        kind: TagKind, operation: Operation
    ) async throws {
        let full = try await Self.wholeOperation(kind, operation)
        var finalStates: [StoredNDEF] = []
        for (index, command) in full.commands.enumerated() {
            let context = "\(kind) \(operation) torn after command \(index)"
            // 10 µs after the tag took the command: it has carried it out (handlers run at
            // once on the virtual clock), and its answer is still being sent.
            let torn = try await Self.checkTornRun(
                kind, operation, removal: .at(command.at + .microseconds(10)), full: full,
                context: context)
            #expect(torn?.commands.count == index + 1, "\(context)")
            if let state = torn?.history?.finalState { finalStates.append(state) }
        }
        guard operation == .write else { return }
        // Torn after its last command, the tag holds the new message the reader never
        // heard it acknowledge.
        let new = Change.small.new
        #expect(finalStates.last == .message(new, bytes: TestMessages.bytes(new)))
        #expect(finalStates.contains(.empty))
    }

    @Test func aType2WriteGrowingTheLengthFieldTornAroundItsLayoutChangesLeavesNoCorruptMessage()
        async throws
    {
        let change = Change.growing
        #expect(TestMessages.bytes(change.old).count < 0xFF)
        #expect(TestMessages.bytes(change.new).count > 0xFF)
        let full = try await Self.wholeOperation(.t2, .write, change)
        let writes = full.commands.enumerated().filter { $0.element.bytes.first == 0xA2 }
        #expect(writes.count > TestMessages.bytes(change.new).count / 4)
        // Where the layout changes: the first writes (the TLV emptied, its length in the
        // 3-byte form) and the last ones (the length set); in between, every eighth write of
        // the message body, all of them under a zero length.
        let torn = writes.indices.filter {
            $0 < 4 || $0 >= writes.count - 4 || $0.isMultiple(of: 8)
        }
        var finalStates: [StoredNDEF] = []
        for (index, command) in torn.map({ writes[$0] }) {
            let torn = try await Self.checkTornRun(
                .t2, .write, change, removal: .at(command.at + .microseconds(10)), full: full,
                context: "torn after command \(index), \(Hex.encode(command.bytes))")
            if let state = torn?.history?.finalState { finalStates.append(state) }
        }
        #expect(finalStates.count == torn.count)
        #expect(finalStates.contains(.empty))
        #expect(finalStates.last == .message(change.new, bytes: TestMessages.bytes(change.new)))
    }
}
