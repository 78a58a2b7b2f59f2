/// The writes a reader performed on a tag and what the tag held after each of them: the
/// observer a suite reads to judge a reader's write procedure.
///
/// Every prefix of the write sequence is a moment the reader could have been torn away
/// (the tag leaving the field), so `steps[i].stored` is what a later reader would find had
/// the sequence stopped after write `i`.
public struct WriteHistory: Sendable, Hashable {
    /// How the tag stores its message.
    public let storage: NDEFStorage
    /// The memory before the first write.
    public let initialMemory: [UInt8]
    /// The writes, in the order the tag accepted them.
    public let writes: [TagWrite]

    /// A history of `writes` applied to `initialMemory`.
    public init(storage: NDEFStorage, initialMemory: [UInt8], writes: [TagWrite]) {
        self.storage = storage
        self.initialMemory = initialMemory
        self.writes = writes
    }

    /// One write and what the tag held after it.
    public struct Step: Sendable, Hashable {
        /// The write.
        public var write: TagWrite
        /// The memory after it.
        public var memory: [UInt8]
        /// The message a reader would find in that memory.
        public var stored: StoredNDEF
    }

    /// The message before any write.
    public var initialState: StoredNDEF { storage.stored(in: initialMemory) }

    /// One step per write, in order.
    public var steps: [Step] {
        var memory = initialMemory
        return writes.map { write in
            memory = write.applied(to: memory)
            return Step(write: write, memory: memory, stored: storage.stored(in: memory))
        }
    }

    /// The memory after the last write (the initial memory when there was none).
    public var finalMemory: [UInt8] {
        writes.reduce(initialMemory) { memory, write in write.applied(to: memory) }
    }

    /// The message after the last write (the initial one when there was none), parsed once:
    /// not each step's, which a long write's hundreds of steps would make slow.
    public var finalState: StoredNDEF { storage.stored(in: finalMemory) }

    /// Whether the sequence could be torn anywhere without leaving a broken message.
    public var safety: WriteSafety {
        WriteSafety.classify(writes, initial: initialMemory, storage: storage)
    }
}
