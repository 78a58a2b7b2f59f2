import Rig
import TagEmulation
import TagFormat

/// Whether a reader that reports a message, or refuses one, got that message off the tag on
/// the air: a DUT's answer counts only when the tag's side shows the reading behind it.
extension RFObservations {
    /// The slot whose tag is the one in the field, when exactly one is: the tag a single-tag
    /// read reads.
    static func soleSlotInField(_ context: CaseContext) async -> RigTagSlot? {
        var inField: [RigTagSlot] = []
        for slot in context.slots where await slot.uidInField != nil { inField.append(slot) }
        return inField.count == 1 ? inField[0] : nil
    }

    /// The one tag in the field and what it holds, or the harness error that there is none.
    private static func soleTag(_ context: CaseContext) async
        -> Result<(RigTagSlot, WriteHistory), CaseSteps.Stop>
    {
        guard let slot = await soleSlotInField(context) else {
            return .failure(
                CaseSteps.Stop(
                    outcome: .error("harness: a read's evidence needs exactly one tag in the field")
                ))
        }
        guard let history = await slot.writeHistory() else {
            return .failure(
                CaseSteps.Stop(
                    outcome: .error(
                        "harness: the tag \(slot.chip.id) keeps no memory to judge a read by")))
        }
        return .success((slot, history))
    }

    /// The DUT read, in one activation from `since` on, every byte of the NDEF message the
    /// tag in the field holds with the commands of the tag's mapping: for a Type 4 tag the CC
    /// file (its first 15 bytes, where the NDEF File Control TLV is) and the NDEF file from
    /// NLEN (ENLEN) to the message's last byte; for a Type 2 tag the CC block and every
    /// address of the NDEF Message TLV (tag, length and value, less the lock and reserved
    /// bytes a reader jumps over). `what` names the answer it backs, for the message.
    ///
    /// The message judged is what the tag holds after the writes it accepted, so a read back
    /// after a write is judged against the new message.
    static func messageReadOnAir(
        _ context: CaseContext, since: Duration = .zero, backing what: String
    ) async -> RepetitionOutcome {
        switch await soleTag(context) {
        case .success((let slot, _)):
            return await messageReadOnAir(from: slot, since: since, backing: what)
        case .failure(let stop): return stop.outcome
        }
    }

    /// `messageReadOnAir(_:since:backing:)` for the tag on `slot`, whatever else is in the
    /// field: with several tags, the one whose message the DUT reported.
    static func messageReadOnAir(from slot: RigTagSlot, since: Duration, backing what: String)
        async -> RepetitionOutcome
    {
        guard let history = await slot.writeHistory() else {
            return .error("harness: the tag \(slot.chip.id) keeps no memory to judge a read by")
        }
        let memory = history.steps.last?.memory ?? history.initialMemory
        let reads = AirRead.activations(in: await slot.events, since: since)
        guard !reads.isEmpty else {
            return .fail("\(what), but the tag was never activated: nothing was read off it")
        }
        let shortfalls: [String]
        switch history.storage {
        case .type4File(let field):
            shortfalls = reads.map { type4Shortfall($0, file: memory, lengthField: field) }
        case .type2Memory:
            shortfalls = reads.map { type2Shortfall($0, memory: memory) }
        }
        guard !shortfalls.contains(where: \.isEmpty) else { return .pass }
        // The activation that got furthest says best what was missing.
        let closest = shortfalls.min { $0.count < $1.count } ?? ""
        return .fail(
            "\(what), but no activation of the tag served all of it on the air (\(reads.count) "
                + "activation(s)); the closest: \(closest)")
    }

    /// What a Type 4 activation did not serve of the CC and the NDEF file holding `file`;
    /// empty when it served all.
    private static func type4Shortfall(
        _ read: AirRead, file: [UInt8], lengthField: NDEFFileLength
    ) -> String {
        let cc = read.offsets(of: Type4Tag.capabilityContainerFileID)
        let ccRange = 0..<CapabilityContainer.mandatoryLength
        guard AirRead.firstMissing(ccRange, in: cc) == nil, let ndefFile = read.ndefFileID else {
            return "CC bytes " + AirRead.describe(missing: ccRange, in: cc) + " were not read"
        }
        // The length field is the tag's own, so a tag announcing more than its file holds
        // asks only for the bytes there are; one that cannot be decoded asks for itself.
        let length: Int
        do {
            length = try lengthField.decode(file)
        } catch {
            length = 0
        }
        let needed = 0..<min(file.count, lengthField.size + length)
        let served = read.offsets(of: ndefFile)
        guard AirRead.firstMissing(needed, in: served) != nil else { return "" }
        return "of the NDEF file's \(needed.count) bytes (the \(lengthField.size)-byte length "
            + "and the message), bytes " + AirRead.describe(missing: needed, in: served)
            + " were not read"
    }

    /// What a Type 2 activation did not serve of the CC block and the NDEF Message TLV in
    /// `memory`; empty when it served all.
    private static func type2Shortfall(_ read: AirRead, memory: [UInt8]) -> String {
        let cc = Type2Tag.capabilityContainerOffset..<Type2Tag.dataAreaOffset
        if AirRead.firstMissing(cc, in: read.addresses) != nil {
            return "the CC (block 3) was not read"
        }
        let tagMemory: Type2TagMemory
        do {
            tagMemory = try Type2TagMemory(image: memory)
        } catch {
            return "the tag's memory has no NDEF Message TLV to have read (\(error))"
        }
        guard let tlv = tagMemory.walk.ndefTLV else {
            return "the tag's memory has no NDEF Message TLV to have read"
        }
        let reserved = tagMemory.walk.areas.map(\.range)
        let needed = (tlv.offset..<tlv.endOffset).filter { address in
            !reserved.contains { $0.contains(address) }
        }
        let missing = Set(needed).subtracting(read.addresses)
        guard !missing.isEmpty else { return "" }
        return "of the NDEF Message TLV's \(needed.count) bytes (addresses \(tlv.offset)–"
            + "\(tlv.endOffset - 1)), addresses "
            + AirRead.describe(missing: tlv.offset..<tlv.endOffset, in: read.addresses)
            + " were not read"
    }

    /// The DUT read the tag's CC in the field: where a status, a capacity or a refusal rests
    /// on what the CC says (write access, size, version), it counts only when the DUT read
    /// it. `what` names the answer it backs.
    static func capabilityContainerReadOnAir(
        _ context: CaseContext, since: Duration = .zero, backing what: String
    ) async -> RepetitionOutcome {
        let slot: RigTagSlot
        let history: WriteHistory
        switch await soleTag(context) {
        case .success(let tag): (slot, history) = tag
        case .failure(let stop): return stop.outcome
        }
        let reads = AirRead.activations(in: await slot.events, since: since)
        let read: Bool
        switch history.storage {
        case .type4File:
            let ccRange = 0..<CapabilityContainer.mandatoryLength
            read = reads.contains { activation in
                let cc = activation.offsets(of: Type4Tag.capabilityContainerFileID)
                return AirRead.firstMissing(ccRange, in: cc) == nil
            }
        case .type2Memory:
            let cc = Type2Tag.capabilityContainerOffset..<Type2Tag.dataAreaOffset
            read = reads.contains { AirRead.firstMissing(cc, in: $0.addresses) == nil }
        }
        return read
            ? .pass
            : .fail("\(what) without reading the tag's CC: no READ of it reached the tag")
    }
}

extension RFObservations {
    /// The DUT read a Type 4 tag's NDEF length field (NLEN or ENLEN, from the NDEF file the
    /// CC it read names): where a refusal rests on that length, it counts only when the DUT
    /// read it. `what` names the answer it backs.
    static func lengthFieldReadOnAir(_ context: CaseContext, backing what: String) async
        -> RepetitionOutcome
    {
        let slot: RigTagSlot
        let field: NDEFFileLength
        switch await soleTag(context) {
        case .success((let tag, let history)):
            guard case .type4File(let length) = history.storage else {
                return .error("harness: the length field's evidence needs a Type 4 tag")
            }
            (slot, field) = (tag, length)
        case .failure(let stop): return stop.outcome
        }
        let reads = AirRead.activations(in: await slot.events)
        let read = reads.contains { activation in
            guard let file = activation.ndefFileID else { return false }
            return AirRead.firstMissing(0..<field.size, in: activation.offsets(of: file)) == nil
        }
        return read
            ? .pass
            : .fail(
                "\(what) without reading the NDEF file's \(field.size)-byte length field off "
                    + "the tag")
    }
}
