import TagFormat

/// Whether a reader's write sequence survives tearing: the verdict on a `WriteHistory`.
///
/// The NFC Forum procedures (T4T: NLEN 0000, the message from offset 2, then NLEN; T2T: the
/// NDEF TLV's length 00, the message, then the length) have one property this checks
/// directly, whatever the order of the writes: cut the sequence after any write, and the tag
/// holds the old message, no message, or the new one, never a length that announces bytes
/// not yet written. Where a single write can tear (an UPDATE BINARY), one write must not
/// change the length field and message bytes together either.
public enum WriteSafety: Sendable, Hashable {
    /// Every cut leaves the old message, an empty one, or the new one.
    case tearingSafe
    /// A cut somewhere leaves a broken message.
    case unsafe(UnsafeWrite)

    /// Classifies `operations` applied in order to `initial` memory stored as `storage`.
    public static func classify(
        _ operations: [TagWrite], initial: [UInt8], storage: NDEFStorage = .type4File(.nlen)
    ) -> WriteSafety {
        let history = WriteHistory(storage: storage, initialMemory: initial, writes: operations)
        let steps = history.steps
        let initialState = history.initialState
        let finalState = history.finalState
        var before = initial
        for (index, step) in steps.enumerated() {
            if !storage.writesAreAtomic,
                let reason = mixedWrite(index, from: before, to: step.memory, storage: storage)
            {
                return .unsafe(reason)
            }
            before = step.memory
            guard index < steps.count - 1 else { break }
            let acceptable = [initialState, .empty, finalState]
            if !acceptable.contains(step.stored) {
                return .unsafe(.brokenIntermediateState(operation: index, state: step.stored))
            }
        }
        return .tearingSafe
    }

    /// The reason write `index` is unsafe on its own: it changes length and message bytes.
    private static func mixedWrite(
        _ index: Int, from before: [UInt8], to after: [UInt8], storage: NDEFStorage
    ) -> UnsafeWrite? {
        let layouts = [storage.layout(of: before), storage.layout(of: after)].compactMap { $0 }
        let changed = (0..<max(before.count, after.count)).filter { offset in
            (offset < before.count ? before[offset] : 0)
                != (offset < after.count ? after[offset] : 0)
        }
        let lengthChanged = changed.contains { offset in
            layouts.contains { $0.lengthField.contains(offset) }
        }
        let messageChanged = changed.contains { offset in
            layouts.contains { $0.message.contains(offset) }
        }
        return lengthChanged && messageChanged ? .lengthWrittenWithMessage(operation: index) : nil
    }
}

/// Why a write sequence is not tearing-safe; operations count from 0.
public enum UnsafeWrite: Sendable, Hashable {
    /// The write changed the length field and message bytes together: torn halfway, it can
    /// leave a length announcing bytes not yet written.
    case lengthWrittenWithMessage(operation: Int)
    /// Cut after this write, the tag holds neither the old message, nor an empty one, nor
    /// the new one.
    case brokenIntermediateState(operation: Int, state: StoredNDEF)

    /// The write the verdict points at.
    public var operation: Int {
        switch self {
        case .lengthWrittenWithMessage(let operation), .brokenIntermediateState(let operation, _):
            operation
        }
    }
}
