/// The languages of the titles a Smart Poster check has met so far, copied into scratch space
/// the caller provides on the stack: a chunked title's bytes do not outlive its step of the
/// walk, and the rule that no two titles share a language should not cost an allocation.
struct SmartPosterTitleLanguages {
    /// Length-prefixed languages; a title's language and length byte never take more room
    /// than its record does in the nested message, so the nested message's size is enough.
    private let storage: UnsafeMutableRawBufferPointer
    private var used = 0

    init(storage: UnsafeMutableRawBufferPointer) { self.storage = storage }

    /// Whether a title already met has `language`, compared without case.
    func contains(_ language: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < used {
            let end = offset + 1 + Int(storage[offset])
            if ASCIICase.equal(
                UnsafeRawBufferPointer(rebasing: storage[(offset + 1)..<end]), language)
            {
                return true
            }
            offset = end
        }
        return false
    }

    /// Remembers a title's language (1–63 bytes).
    mutating func append(_ language: UnsafeRawBufferPointer) {
        let end = used + 1 + language.count
        precondition(end <= storage.count, "title languages overflow their scratch space")
        storage[used] = UInt8(language.count)
        UnsafeMutableRawBufferPointer(rebasing: storage[(used + 1)..<end]).copyMemory(
            from: language)
        used = end
    }
}
