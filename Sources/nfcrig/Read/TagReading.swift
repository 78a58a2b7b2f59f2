import Foundation
import NDEF
import Rig
import TagReader

/// What one read of the field found: CoreNFC's poll, `queryNDEFStatus` and `readNDEF`.
enum TagReadOutcome: Sendable {
    /// One tag, and what reading it gave.
    case tag(TagReadResult)
    /// Several tags: none was read.
    case multipleTags(count: Int)
    /// No tag within the timeout.
    case noTag(timeout: Duration)
    /// Polling itself failed (the reader chip, not a tag).
    case pollFailed(NFCReaderError)
}

/// One tag as the reference reader saw it.
struct TagReadResult: Sendable {
    var tag: NFCTag
    /// Nil when `queryNDEFStatus` failed.
    var status: NFCNDEFStatus?
    var capacity: Int?
    /// Nil for a tag without NDEF or a failed read.
    var message: NDEFMessage?
    /// The first failure, CoreNFC-named.
    var error: NFCReaderError?
}

/// Reading with a rig's reference reader: the `read` verb, and `emulate`'s read-back on a
/// virtual-clock rig.
enum TagReading {
    /// Polls once for `timeout`; with one tag, asks its NDEF status and reads its message
    /// (not for a tag without NDEF).
    static func readOnce(_ reader: NFCReferenceReader, timeout: Duration) async -> TagReadOutcome {
        let poll: PollResult
        do throws(NFCReaderError) {
            poll = try await reader.poll(timeout: timeout)
        } catch {
            return .pollFailed(error)
        }
        switch poll {
        case .noTag: return .noTag(timeout: timeout)
        case .multipleTags(let tags): return .multipleTags(count: tags.count)
        case .tag(let tag):
            var result = TagReadResult(tag: tag)
            do throws(NFCReaderError) {
                let (status, capacity) = try await reader.queryNDEFStatus()
                result.status = status
                result.capacity = capacity
                if status != .notSupported { result.message = try await reader.readNDEF() }
            } catch {
                result.error = error
            }
            return .tag(result)
        }
    }

    /// Opens the rig's reference reader and as many emulator chips as `simulatedTags` has
    /// tags (the first ones), presents the tags, then reads once, all in one `rig.run`, so
    /// that virtual time cannot pass the reader by.
    ///
    /// - Returns: the outcome, or a failure to set up the chips as a message.
    static func read(
        _ file: RigFile, directory: URL, simulatedTags: [TagSetup], timeout: Duration
    ) async -> Result<TagReadOutcome, RigSetupFailure> {
        let rig: AssembledRig
        do {
            rig = try await AssembledRig.assemble(
                file, directory: directory, emulators: Array(simulatedTags.indices), reader: true)
        } catch {
            return .failure(RigSetupFailure(message: error.description))
        }
        let result: Result<TagReadOutcome, RigSetupFailure>
        do {
            result = .success(
                try await rig.run {
                    var slots: [RigTagSlot] = []
                    for (chip, setup) in zip(rig.emulators, simulatedTags) {
                        let slot = rig.tagSlot(on: chip)
                        try await slot.present(setup)
                        slots.append(slot)
                    }
                    let reader = try await rig.referenceReader()
                    let outcome = await readOnce(reader, timeout: timeout)
                    try? await reader.invalidate()
                    for slot in slots { await slot.stop() }
                    return outcome
                })
        } catch {
            result = .failure(RigSetupFailure(message: "\(error)"))
        }
        await rig.close()
        return result
    }
}

/// A rig's chips could not be set up (a USB chip missing, a chip that does not open).
struct RigSetupFailure: Error, Sendable {
    var message: String
}
